import Foundation

/// The JUnit XML report of a check, for CI systems: one `testsuite` per script, one `testcase`
/// per frame (and per orphan golden).
///
/// Failed and missing frames are `<failure>`s with the summary as message and the paths,
/// semantic diff and notes as text; orphans that do not fail are `<skipped>`.
public enum JUnitReport {
  /// The whole XML document.
  public static func xml(for results: [ScriptResult]) -> String {
    let frames = results.flatMap(\.frames)
    let failures = results.reduce(0) { $0 + $1.failures.count }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuites name=\"circles check\" tests=\"\(frames.count)\" "
      + "failures=\"\(failures)\" errors=\"0\">\n"
    for result in results {
      xml += suite(result)
    }
    xml += "</testsuites>\n"
    return xml
  }

  static func suite(_ result: ScriptResult) -> String {
    let name = Markup.escape(result.displayPath)
    let skipped = result.failsOnOrphans ? 0 : result.count(.orphan)
    var xml =
      "  <testsuite name=\"\(name)\" tests=\"\(result.frames.count)\" "
      + "failures=\"\(result.failures.count)\" errors=\"0\" skipped=\"\(skipped)\">\n"
    let className = Markup.escape(
      result.script.deletingPathExtension().lastPathComponent)
    for frame in result.frames {
      xml += "    <testcase classname=\"\(className)\" name=\"\(Markup.escape(frame.name))\""
      let failing = frame.status.isFailure || (result.failsOnOrphans && frame.status == .orphan)
      let message = Markup.escape(TextReport.describe(frame))
      if failing {
        var details = TextReport.frameLines(frame, in: result).dropFirst().map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        if let hint = result.hint { details.append(hint) }
        xml += ">\n      <failure message=\"\(message)\" type=\"\(frame.status.rawValue)\">"
        xml += Markup.escape(details.joined(separator: "\n")) + "</failure>\n    </testcase>\n"
      } else if frame.status == .orphan {
        xml += ">\n      <skipped message=\"\(message)\"/>\n    </testcase>\n"
      } else if frame.status == .recorded || frame.status == .pruned || frame.status == .moved {
        xml += ">\n      <system-out>\(message)</system-out>\n    </testcase>\n"
      } else {
        xml += "/>\n"
      }
    }
    xml += "  </testsuite>\n"
    return xml
  }
}
