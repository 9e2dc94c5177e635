import Foundation

/// The JUnit XML report of a check, for CI systems: one `testsuite` per script, one `testcase`
/// per frame (and per orphan golden).
///
/// Failed and missing frames are `<failure>`s with the summary as message and the paths,
/// semantic diff and notes as text; orphans that do not fail are `<skipped>`. A script that
/// could not be checked or stopped has a `script` test case too: an `<error>` (a syntax or run
/// error, a file that could not be read) or a `<failure>` (a failed `expect`) carrying the
/// diagnostic as the compiler prints it; an image that could not be checked is an `<error>`.
///
/// Each test case carries the script's path in `file` and, when it has one, the line of the
/// command that made the frame (or stopped the script) in `line`, as GitLab and other CI
/// systems read them; each suite its script's check time in `time`, when it was timed.
package enum JUnitReport {
  /// The whole XML document.
  package static func xml(for check: CheckResult) -> String {
    let suites = check.scripts.map(Suite.init)
    let folders = check.scripts.contains { $0.result?.comparesFolders == true }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuites name=\"circles \(folders ? "compare" : "check")\" tests=\"\(suites.reduce(0) { $0 + $1.tests })\" "
      + "failures=\"\(suites.reduce(0) { $0 + $1.failures })\" "
      + "errors=\"\(suites.reduce(0) { $0 + $1.errors })\">\n"
    for suite in suites {
      xml += suite.xml
    }
    xml += "</testsuites>\n"
    return xml
  }

  /// One script's test suite and its counts.
  struct Suite {
    var tests = 0
    var failures = 0
    var errors = 0
    var skipped = 0
    var cases = ""
    let header: String

    init(_ script: ScriptCheckResult) {
      let className = Markup.escape(script.script.deletingPathExtension().lastPathComponent)
      header =
        "  <testsuite name=\"\(Markup.escape(script.displayPath))\" "
        + (script.durationSeconds.map { String(format: "time=\"%.3f\" ", $0) } ?? "")
      let file = " file=\"\(Markup.escape(script.displayPath))\""
      func line(_ number: Int?) -> String { number.map { " line=\"\($0)\"" } ?? "" }
      let result = script.result
      if !script.diagnostics.isEmpty {
        let isError = result == nil || script.status == .error
        let element = isError ? "error" : "failure"
        let message = Markup.escape(script.diagnostics[0].message)
        let text = Markup.escape(script.diagnostics.map(\.text).joined(separator: "\n"))
        add(
          "    <testcase classname=\"\(className)\" name=\"script\"\(file)"
            + "\(line(script.diagnostics[0].line))>\n      <\(element) "
            + "message=\"\(message)\" type=\"\(isError ? "error" : "expect")\">\(text)"
            + "</\(element)>\n    </testcase>\n", failure: !isError, error: isError)
      }
      for frame in script.frames {
        var xml =
          "    <testcase classname=\"\(className)\" name=\"\(Markup.escape(frame.name))\""
          + file + line(frame.location?.line)
        let failing = result?.fails(frame) ?? false
        let message = Markup.escape(
          TextReport.describe(frame, inFolders: result?.comparesFolders ?? false))
        if frame.error != nil || failing, let result {
          var details = TextReport.frameLines(frame, in: result).dropFirst().map {
            $0.trimmingCharacters(in: .whitespaces)
          }
          if let hint = result.hint { details.append(hint) }
          let element = frame.error != nil ? "error" : "failure"
          let type =
            frame.error != nil
            ? "error"
            : result.comparesFolders ? FolderTally(frame).rawValue : frame.status.rawValue
          xml += ">\n      <\(element) message=\"\(message)\" type=\"\(type)\">"
          xml += Markup.escape(details.joined(separator: "\n")) + "</\(element)>\n    </testcase>\n"
          add(xml, failure: frame.error == nil, error: frame.error != nil)
        } else if frame.status == .orphan {
          skipped += 1
          add(xml + ">\n      <skipped message=\"\(message)\"/>\n    </testcase>\n")
        } else if frame.status == .recorded || frame.status == .pruned || frame.status == .moved {
          add(xml + ">\n      <system-out>\(message)</system-out>\n    </testcase>\n")
        } else {
          add(xml + "/>\n")
        }
      }
    }

    mutating func add(_ xml: String, failure: Bool = false, error: Bool = false) {
      tests += 1
      if failure { failures += 1 }
      if error { errors += 1 }
      cases += xml
    }

    var xml: String {
      header + "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" "
        + "skipped=\"\(skipped)\">\n" + cases + "  </testsuite>\n"
    }
  }
}
