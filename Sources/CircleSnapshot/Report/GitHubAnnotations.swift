import Foundation

/// Each failure of a check as a GitHub Actions workflow command, which the runner shows on the
/// pull request at the script's line (docs/ci.md, "Failures on the pull request"):
///
/// ```
/// ::error file=samples/sun.circles,line=3,col=1,title=0002-add-sea::0002-add-sea: 189 pixels differ
/// ```
///
/// A frame that fails or could not be checked, and a diagnostic that stopped a script, each
/// give one line; the file is the script's path as the reports show it (relative to the
/// folder the check ran in, the repository's root in a workflow).
package enum GitHubAnnotations {
  /// Whether to print them: `github` or `none`.
  package enum Mode: String, CaseIterable, Sendable {
    case github
    case none

    /// The mode a check takes unless told: `github` where `GITHUB_ACTIONS=true`, as GitHub's
    /// runners set it.
    package static func automatic(_ environment: [String: String]) -> Mode {
      environment["GITHUB_ACTIONS"] == "true" ? .github : .none
    }
  }

  /// The workflow commands of a check, one per failure, in the order of the reports.
  package static func lines(for check: CheckResult) -> [String] {
    var lines: [String] = []
    for script in check.scripts {
      for diagnostic in script.diagnostics {
        lines.append(
          command(
            file: script.displayPath, line: diagnostic.line, column: diagnostic.column,
            title: script.status == .error ? "script error" : "expect failed",
            message: diagnostic.message))
      }
      guard let result = script.result else { continue }
      for frame in script.frames where frame.error != nil || result.fails(frame) {
        let folders = result.comparesFolders
        let file = folders ? DisplayPath.of(frame.golden) : script.displayPath
        let what = frame.error ?? TextReport.describe(frame, inFolders: folders)
        lines.append(
          command(
            file: file, line: frame.location?.line, column: frame.location?.column,
            title: frame.name, message: "\(frame.nameWithOrigin): \(what)"))
      }
    }
    return lines
  }

  /// `::error file=…,line=…,col=…,title=…::message`, escaped as GitHub reads it.
  static func command(
    file: String, line: Int?, column: Int?, title: String, message: String
  ) -> String {
    var properties = ["file=\(property(file))"]
    if let line { properties.append("line=\(line)") }
    if let column { properties.append("col=\(column)") }
    properties.append("title=\(property(title))")
    return "::error \(properties.joined(separator: ","))::\(data(message))"
  }

  /// A message: `%`, carriage returns and line feeds as `%25`, `%0D`, `%0A`.
  static func data(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25")
      .replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// A property's value: as a message, and `:` and `,` as `%3A` and `%2C`.
  static func property(_ text: String) -> String {
    data(text).replacingOccurrences(of: ":", with: "%3A")
      .replacingOccurrences(of: ",", with: "%2C")
  }
}
