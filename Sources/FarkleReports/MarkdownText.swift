/// Text from the user (a player's name) made safe to print in Markdown.
public enum MarkdownText {
    /// `text` with every character Markdown would read as markup escaped by a backslash, so that it renders as
    /// typed: `*Ann*` stays `*Ann*`, not emphasis; `<b>` stays `<b>`, not HTML; a leading `#`, `-`, `+` or `1.`
    /// starts no heading or list item where the text begins a line.
    ///
    /// `|` is left alone: outside a table it is plain text, and `MarkdownTable` escapes it in a cell (escaping it
    /// here too would leave a backslash before a bare `|`, which ends the cell).
    public static func literal(_ text: String) -> String {
        var result = ""
        var atStart = true
        var leadingDigits = true
        for character in text {
            let escapes =
                Self.markup.contains(character)
                || (atStart && Self.lineStarts.contains(character))
                || (leadingDigits && !atStart && (character == "." || character == ")"))
            if escapes { result.append("\\") }
            result.append(character)
            leadingDigits = leadingDigits && character.isASCII && character.isNumber
            atStart = false
        }
        return result
    }

    /// Characters that are markup wherever they stand: emphasis, code, links, HTML, entities, strikethrough, and
    /// the backslash itself.
    private static let markup: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "~", "&"]
    /// Characters that are markup at the start of a line: a heading, a list item, a quote, a setext underline.
    private static let lineStarts: Set<Character> = ["#", "-", "+", "=", ">"]
}
