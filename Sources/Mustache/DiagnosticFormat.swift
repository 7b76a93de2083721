/// How problems in a source file are printed, like a compiler: `FILE:LINE:COL: SEVERITY: MESSAGE`,
/// then the source line and a caret under the column. Shared by template errors and the linter so
/// a designer reads one format everywhere.
public enum DiagnosticFormat {
    /// The most of a source line printed; a longer line is shown as a window around the column,
    /// marked with `…` where it is cut.
    public static let maxShownLine = 160

    /// The printed diagnostic; without a line (`line` 0) just `FILE: SEVERITY: MESSAGE`.
    public static func format(
        file: String, line: Int, column: Int, severity: String, message: String, sourceLine: String
    ) -> String {
        guard line > 0 else { return "\(file): \(severity): \(message)" }
        let scalars = Array(sourceLine.unicodeScalars)
        let target = min(max(column - 1, 0), scalars.count)
        var start = 0
        var end = scalars.count
        if scalars.count > maxShownLine {
            start = max(0, target - maxShownLine / 2)
            end = min(scalars.count, start + maxShownLine)
        }
        var shown = start > 0 ? "…" : ""
        var caret = start > 0 ? " " : ""
        shown.unicodeScalars.append(contentsOf: scalars[start..<end])
        if end < scalars.count { shown += "…" }
        // Tabs stay tabs under the line so the caret lines up whatever the tab width.
        for scalar in scalars[start..<target] {
            caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
        }
        return "\(file):\(line):\(column): \(severity): \(message)\n\(shown)\n\(caret)^"
    }
}
