/// The markup, style and script of the advisor page (`AdvisorPage`), plain files beside this one
/// (`advisor.html`, `advisor.css`, `advisor.js`) whose text is compiled in (`AdvisorTemplate+Files.swift`,
/// written by `.ci/embed-advisor`): no framework, no build step, no resource bundle.
enum AdvisorTemplate {
    /// The page with `data` (the JSON of `AdvisorPage.data`) embedded.
    static func page(data: String) -> String {
        markupFile.replacingOccurrences(of: "{{style}}", with: withoutFinalNewline(styleFile))
            .replacingOccurrences(of: "{{script}}", with: withoutFinalNewline(scriptFile))
            .replacingOccurrences(of: "{{data}}", with: data)
    }

    /// A file's text without the newline that ends it: the markup puts each file on lines of its own.
    private static func withoutFinalNewline(_ text: String) -> String {
        text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
