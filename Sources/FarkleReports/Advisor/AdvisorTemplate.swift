/// The markup, style and scripts of the advisor page (`AdvisorPage`), plain files beside this one
/// (`advisor.html`, `advisor.css`, `game.js`, `advisor.js`, `table.js`) whose text is compiled in (`AdvisorTemplate+Files.swift`,
/// written by `.ci/embed-advisor`): no framework, no build step, no resource bundle.
enum AdvisorTemplate {
    /// The page with `data` (the JSON of `AdvisorPage.data`) embedded.
    static func page(data: String) -> String {
        markupFile.replacingOccurrences(of: "{{style}}", with: withoutFinalNewline(styleFile))
            .replacingOccurrences(of: "{{game}}", with: withoutFinalNewline(gameFile))
            .replacingOccurrences(of: "{{script}}", with: withoutFinalNewline(scriptFile))
            .replacingOccurrences(of: "{{table}}", with: withoutFinalNewline(tableFile))
            .replacingOccurrences(of: "{{data}}", with: data)
    }

    /// The installable app of a page: `index.html` (the page, with the manifest and icon linked), the manifest
    /// naming `rules`, the service worker keeping the files in a cache named after the page's content, the icon.
    static func app(page html: String, rules: String) -> [(name: String, contents: String)] {
        let index = html.replacingOccurrences(
            of: "</head>",
            with:
                "<link rel=\"manifest\" href=\"manifest.webmanifest\">\n<link rel=\"icon\" href=\"icon.svg\">\n</head>")
        // FNV-1a 64 of the page and the worker: any change to the app names a new cache.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (index + serviceWorkerFile).utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digest = String(hash, radix: 16)
        return [
            ("index.html", index),
            ("manifest.webmanifest", manifestFile.replacingOccurrences(of: "{{name}}", with: rules)),
            ("sw.js", serviceWorkerFile.replacingOccurrences(of: "{{cache}}", with: "farkle-\(rules)-\(digest)")),
            ("icon.svg", iconFile),
        ]
    }

    /// A file's text without the newline that ends it: the markup puts each file on lines of its own.
    private static func withoutFinalNewline(_ text: String) -> String {
        text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
