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

    /// A file's text without the newline that ends it: the markup puts each file on lines of its own.
    private static func withoutFinalNewline(_ text: String) -> String {
        text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
