// circles-bench links this target in release builds, where Swift Testing is not there.
#if canImport(Testing)
import Foundation
import Testing

/// Runs the built `circles` with arguments and records an issue unless its standard output,
/// standard error and exit code are exactly the ones given: the whole text a user sees for a
/// command line, pinned (as swift-argument-parser's `AssertExecuteCommand` pins its examples').
///
/// It runs as `Executable.run` does (in CI, without colour), in `folder` or a new empty one,
/// feeding `stdin`, and waits without holding a thread. A difference is reported with the
/// command, each stream that differs line by line (`-` expected, `+` actual) and the exit codes.
///
/// - Parameters:
///   - arguments: the words after `circles`.
///   - stdin: what standard input holds.
///   - environment: variables added to the run's environment.
///   - folder: the current folder of the run; a new empty one when `nil`.
///   - stdout: the whole standard output expected.
///   - stderr: the whole standard error expected.
///   - exitCode: the exit status expected.
/// - Returns: the outcome, for further checks (the files a run left).
// The name is the one swift-argument-parser gives its helper, so that the tests read alike.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func AssertExecuteCommand(
  _ arguments: [String], stdin: String = "", environment: [String: String] = [:],
  in folder: URL? = nil, stdout: String = "", stderr: String = "", exitCode: Int32,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws -> Executable.Outcome {
  let temporary = folder == nil ? try TemporaryFolder() : nil
  let outcome = try await Executable.run(
    arguments, in: folder ?? temporary!.url, input: stdin, environment: environment)
  if let report = ExecuteComparison.report(
    of: outcome, stdout: stdout, stderr: stderr, exitCode: exitCode)
  {
    Issue.record(
      Comment(rawValue: "circles \(ExecuteComparison.shell(arguments))\n\(report)"),
      sourceLocation: sourceLocation)
  }
  return outcome
}

/// How ``AssertExecuteCommand(_:stdin:environment:in:stdout:stderr:exitCode:sourceLocation:)``
/// tells what differs.
public enum ExecuteComparison {
  /// What differs between an outcome and the one expected, or `nil` when nothing does.
  public static func report(
    of outcome: Executable.Outcome, stdout: String, stderr: String, exitCode: Int32
  ) -> String? {
    var parts: [String] = []
    if outcome.signalled {
      parts.append("ended by signal \(outcome.status), expected exit \(exitCode)")
    } else if outcome.status != exitCode {
      parts.append("exit code \(outcome.status), expected \(exitCode)")
    }
    if let difference = difference(expected: stdout, actual: outcome.stdout) {
      parts.append("stdout differs:\n" + difference)
    }
    if let difference = difference(expected: stderr, actual: outcome.stderr) {
      parts.append("stderr differs:\n" + difference)
    }
    return parts.isEmpty ? nil : parts.joined(separator: "\n")
  }

  /// The lines of two texts, each line that differs shown as `-` expected and `+` actual, the
  /// equal ones with two spaces; line ends made visible (`⏎` where a text lacks its last).
  static func difference(expected: String, actual: String) -> String? {
    guard expected != actual else { return nil }
    let old = lines(of: expected)
    let new = lines(of: actual)
    var shown: [String] = []
    for index in 0..<max(old.count, new.count) {
      let left = index < old.count ? old[index] : nil
      let right = index < new.count ? new[index] : nil
      if left == right {
        shown.append("  " + left!)
      } else {
        if let left { shown.append("- " + left) }
        if let right { shown.append("+ " + right) }
      }
    }
    return shown.joined(separator: "\n")
  }

  /// A text's lines, the last marked when it has no line break after it.
  private static func lines(of text: String) -> [String] {
    guard !text.isEmpty else { return [] }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() } else { lines[lines.count - 1] += "⏎" }
    return lines
  }

  /// The arguments as a shell line, quoted where they need it.
  public static func shell(_ arguments: [String]) -> String {
    arguments.map { word in
      let plain =
        !word.isEmpty
        && word.unicodeScalars.allSatisfy {
          CharacterSet.alphanumerics.contains($0) || "-_./=,:%#@+".unicodeScalars.contains($0)
        }
      return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }.joined(separator: " ")
  }
}

extension Executable.Outcome {
  /// An outcome as a run would give it, for tests of what compares outcomes.
  public init(status: Int32, stdout: String, stderr: String) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }
}
#endif
