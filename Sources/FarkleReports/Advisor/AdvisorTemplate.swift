import Foundation

/// The markup, style and scripts of the advisor page (`AdvisorPage`), plain files beside this one
/// (`advisor.html`, `advisor.css`, `farkle.js`, `game.js`, `advisor.js`, `table.js`, FarkleKit's WebAssembly build
/// `farkle.wasm`, and the installed app's `sw.js`, `manifest.webmanifest` and `icon.svg`) that the package manager
/// compiles in (`.embedInCode` in `Package.swift`: `PackageResources`): no framework, no resource bundle. The one
/// build step of our own, `.ci/embedded`, writes `farkle.wasm` from FarkleKit's sources and `Module/`; CI checks
/// that the committed module is what they build.
enum AdvisorTemplate {
    /// The text of `Advisor/advisor.html`: the markup, with `{{style}}`, the scripts and `{{data}}` to fill in.
    static let markupFile = String(decoding: PackageResources.advisor_html, as: UTF8.self)
    /// The text of `Advisor/advisor.css`: the style.
    static let styleFile = String(decoding: PackageResources.advisor_css, as: UTF8.self)
    /// The text of `Advisor/farkle.js`: FarkleKit's module opened on the page's rules, and its questions.
    static let farkleFile = String(decoding: PackageResources.farkle_js, as: UTF8.self)
    /// `Advisor/farkle.wasm`, FarkleKit built as WebAssembly, as base64 (the page decodes and compiles it).
    static let moduleBase64 = Data(PackageResources.farkle_wasm).base64EncodedString()
    /// The text of `Advisor/game.js`: the rules of a whole game, for the table companion.
    static let gameFile = String(decoding: PackageResources.game_js, as: UTF8.self)
    /// The text of `Advisor/advisor.js`: the advice on a roll.
    static let scriptFile = String(decoding: PackageResources.advisor_js, as: UTF8.self)
    /// The text of `Advisor/table.js`: the table companion, the game kept on the page.
    static let tableFile = String(decoding: PackageResources.table_js, as: UTF8.self)
    /// The text of `Advisor/sw.js`: the installed app's service worker, with `{{cache}}` to fill in.
    static let serviceWorkerFile = String(decoding: PackageResources.sw_js, as: UTF8.self)
    /// The text of `Advisor/manifest.webmanifest`: the installed app's manifest, with `{{name}}` to fill in.
    static let manifestFile = String(decoding: PackageResources.manifest_webmanifest, as: UTF8.self)
    /// The text of `Advisor/icon.svg`: the installed app's icon.
    static let iconFile = String(decoding: PackageResources.icon_svg, as: UTF8.self)

    /// The page with `data` (the JSON of `AdvisorPage.data`) embedded.
    static func page(data: String) -> String {
        markupFile.replacingOccurrences(of: "{{style}}", with: withoutFinalNewline(styleFile))
            .replacingOccurrences(of: "{{module}}", with: moduleBase64)
            .replacingOccurrences(of: "{{farkle}}", with: withoutFinalNewline(farkleFile))
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
