import FarkleKit
import Testing

@testable import FarkleReports

@Suite("Report text: Markdown, CSV, JSON, numbers")
struct ReportTablesTests {
    @Test("a Markdown table pads columns, right-aligns numbers and escapes pipes")
    func markdown() {
        var table = MarkdownTable(header: ["roll", "score"], alignments: [.left, .right])
        table.append(["1|5", "150"])
        table.append(["11", "200"])
        #expect(
            table.text == """
                | roll | score |
                | :--- | ----: |
                | 1\\|5 |   150 |
                | 11   |   200 |

                """)
    }

    @Test("CSV quotes only fields with commas, quotes or line breaks")
    func csv() {
        var table = CSVTable(header: ["roll", "note"])
        table.append(["15", "plain"])
        table.append(["11", #"a "quote", a comma"#])
        #expect(table.text == "roll,note\n15,plain\n11,\"a \"\"quote\"\", a comma\"\n")
        #expect(CSVTable.field("two\nlines") == "\"two\nlines\"")
    }

    @Test("JSON strings escape quotes, backslashes and control characters")
    func jsonStrings() {
        #expect(JSONText.string(#"a "b" \ c"#) == #""a \"b\" \\ c""#)
        #expect(JSONText.string("tab\tnew\nline\r\u{1}") == #""tab\tnew\nline\r\u0001""#)
        #expect(JSONText.object([("a", "1"), ("b", JSONText.string("x"))]) == #"{"a": 1, "b": "x"}"#)
        #expect(JSONText.array([]) == "[]")
        #expect(JSONText.array(["1", "2"]) == "[\n  1,\n  2\n]")
    }

    @Test("numbers print with the asked significant digits, trailing zeros kept")
    func numbers() {
        #expect(NumberText.significant(2.0 / 3.0) == "0.666666666667")
        #expect(NumberText.significant(25) == "25.0000000000")
        #expect(NumberText.significant(1.0 / 43.2, digits: 10) == "0.02314814815")
    }

    @Test("a count of one takes the singular: 1 thread, 2 threads, 0 threads, 1 entry, 2 entries")
    func counts() {
        #expect(NumberText.count(1, "thread") == "1 thread")
        #expect(NumberText.count(2, "thread") == "2 threads")
        #expect(NumberText.count(0, "thread") == "0 threads")
        #expect(NumberText.count(1, "entry", plural: "entries") == "1 entry")
        #expect(NumberText.count(2, "entry", plural: "entries") == "2 entries")
    }
}
