import CircleEngine
import CircleScript
import CircleSnapshot
import CircleSystem
import Foundation

/// Checking every frame of a script's history, as `circles check` does.
extension SnapshotVerifier {
  /// Runs a script given as text and compares every frame with its golden.
  ///
  /// The goldens are `__snapshots__/<test file name>/<name>/<frame>.png` beside the test file
  /// (or in ``snapshotDirectory``), named as `circles run` names the frames (`0000-start`,
  /// `0001-add-sun`, …). Errors in the script and failing frames are reported at the call, in
  /// the compiler format, naming the line inside the script:
  /// `SunTests.swift:12:5: error: script line 2, column 8: no circle named 'moon'`.
  ///
  /// - Parameters:
  ///   - text: the script.
  ///   - name: names the golden folder.
  ///   - testFile: the path of the test file (`#filePath`).
  ///   - line: the line of the call in the test file.
  ///   - column: the column of the call.
  /// - Returns: `nil` when the script ran and every frame matches; otherwise what went wrong.
  package func verify(
    script text: String, named name: String, testFile: String, line: UInt = #line,
    column: UInt = #column
  ) -> String? {
    if let problem = Self.nameProblem(name) { return problem }
    let testURL = URL(fileURLWithPath: testFile)
    let testName = testURL.deletingPathExtension().lastPathComponent
    let golden =
      snapshotDirectory?.appendingPathComponent(name, isDirectory: true)
      ?? Self.snapshotFolder(of: testURL).appendingPathComponent(name, isDirectory: true)
    let source = ScriptSource(bytes: Array(text.utf8), fileName: testFile)
    // The checker keeps artifacts in a folder named after the script, here inside the test's.
    let script = testURL.deletingLastPathComponent()
      .appendingPathComponent(testName, isDirectory: true)
      .appendingPathComponent("\(name).circles")
    let artifacts = artifactsRoot(for: testURL).appendingPathComponent(testName, isDirectory: true)
    let site = ScriptCallSite(file: testFile, line: Int(line), column: Int(column))
    return check(
      source, as: script, goldens: golden, artifacts: artifacts, label: name, site: site)
  }

  /// Runs a script file and compares every frame with its golden, as `circles check` does.
  ///
  /// The goldens are those of `circles check`: `__snapshots__/<script name>/` beside the script,
  /// unless ``snapshotDirectory`` says otherwise; artifacts go to `<artifacts>/<script name>/`.
  ///
  /// - Parameters:
  ///   - url: the `.circles` file.
  ///   - testFile: the path of the test file (`#filePath`); places the default artifacts folder.
  /// - Returns: `nil` when the script ran and every frame matches; otherwise what went wrong.
  package func verify(scriptAt url: URL, testFile: String) -> String? {
    let source: ScriptSource
    do {
      source = try ScriptSource(contentsOf: url, displayName: url.path)
    } catch {
      return "\(error)"
    }
    let golden = snapshotDirectory ?? CheckOptions.defaultGoldenDirectory(forScript: url)
    let artifacts = artifactsRoot(for: URL(fileURLWithPath: testFile))
    return check(
      source, as: url, goldens: golden, artifacts: artifacts, label: url.lastPathComponent)
  }

  /// Runs a script, checks its frames and describes what failed.
  private func check(
    _ source: ScriptSource, as script: URL, goldens: URL, artifacts: URL, label: String,
    site: ScriptCallSite? = nil
  ) -> String? {
    let mode: RecordMode
    do {
      mode = try recordMode()
    } catch {
      return "\(error)"
    }
    let options = CheckOptions(
      goldenDirectory: goldens, record: mode, comparison: comparison, artifactsDirectory: artifacts)
    let outcome = GoldenSuite.check(source, as: script, options: options)
    var lines: [String] = []
    if let failure = outcome.failure {
      if let site {
        lines.append(site.render(failure.diagnostics, source: source.bytes))
      } else {
        let text = DiagnosticPrinter().render(failure.diagnostics, source: source.bytes)
        lines.append(String(text.reversed().drop { $0 == "\n" }.reversed()))
      }
      // As with circles check, a script that stops with an error is not checked.
      if failure.isError {
        return lines.joined(separator: "\n")
      }
    }
    if let problem = outcome.folderError ?? outcome.readError?.description { return problem }
    guard let result = outcome.result else { return lines.joined(separator: "\n") }
    // For `circles review --artifacts`: beside the artifacts, the script and where it was checked.
    SnapshotReviewEntry.keep(
      result.frames.contains { $0.status.isFailure }
        ? SnapshotReviewEntry(
          kind: .script, name: label, goldens: goldens.standardizedFileURL.path,
          script: String(decoding: source.bytes, as: UTF8.self),
          scriptPath: script.standardizedFileURL.path, test: site?.file ?? script.path,
          line: site?.line, comparison: comparison) : nil,
      at: SnapshotReviewEntry.file(in: artifacts, name: label))
    let problems = result.frames.compactMap { frame in
      Self.problemLines(for: frame).map { site?.locate($0, of: frame) ?? $0 }
    }
    if !problems.isEmpty {
      let count = result.frames.count { $0.status != .orphan && $0.status != .pruned }
      let frames = Plural.count(count, "frame")
      let counts = [
        (result.failures.count, "failed"), (result.count(.recorded), "recorded"),
      ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
      lines.append("script '\(label)', \(frames): " + counts.joined(separator: ", "))
      lines += problems.flatMap { $0 }
      let missing = result.frames.contains { $0.status == .missing }
      let failed = result.frames.contains { $0.status == .failed }
      if missing || failed {
        lines.append(
          Self.recordHint(missing && failed ? .missingAndFailed : missing ? .missing : .failed))
      }
    }
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }
}
