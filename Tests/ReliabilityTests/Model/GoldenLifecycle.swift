import CircleSnapshot
import CirclesKit
import CirclesTestSupport
import Foundation

/// The golden folder's lifecycle as a state machine: a script edited at random, and the check
/// commands a user runs, each run in process through the command line as `circles check`.
///
/// After each command, ``violations(of:)`` compares what the command reported and did with the
/// rules of README's "Goldens follow the history" and docs/guarantees.md, against a small model:
/// the folder before and after, byte for byte.
struct GoldenLifecycle {
  /// One thing a user does: a script to check (edited or not) and a command.
  struct Step: Hashable, CustomStringConvertible {
    var lines: [String]
    var command: Command

    var description: String {
      "Step(lines: \(lines.debugDescription), command: .\(command))"
    }
  }

  /// The commands a user runs.
  enum Command: Hashable, CaseIterable, CustomStringConvertible {
    /// `circles check` on a person's machine.
    case local
    /// `circles check` where `CI` is set.
    case ci
    case recordMissing, recordFailed, recordAll, recordNone
    case update
    /// `circles check --prune` on a person's machine.
    case prune
    /// Exactly the command the previous report suggested, on a person's machine, as it says.
    case suggested

    var description: String {
      switch self {
      case .local: "local"
      case .ci: "ci"
      case .recordMissing: "recordMissing"
      case .recordFailed: "recordFailed"
      case .recordAll: "recordAll"
      case .recordNone: "recordNone"
      case .update: "update"
      case .prune: "prune"
      case .suggested: "suggested"
      }
    }

    /// The arguments after `check <script>`; `nil` for the suggested command.
    var options: [String]? {
      switch self {
      case .local, .ci: []
      case .recordMissing: ["--record", "missing"]
      case .recordFailed: ["--record", "failed"]
      case .recordAll: ["--record", "all"]
      case .recordNone: ["--record", "none"]
      case .update: ["--update"]
      case .prune: ["--prune"]
      case .suggested: nil
      }
    }

    /// Whether it may replace or delete goldens.
    var isDestructive: Bool {
      [.recordFailed, .recordAll, .update, .prune, .suggested].contains(self)
    }
  }

  /// What one run printed and returned.
  struct Outcome {
    var arguments: [String]
    var environment: [String: String]
    var status: Int32
    var out: String
    var error: String
    var report: JSONReport.Document?

    /// The command the report suggests, as words after `circles`, if any.
    var suggestion: [String]? {
      report?.scripts.first?.rerecordCommand.map(Self.words)
    }

    /// Each frame and golden of the report in one line: `0003-add-b moved < 0002-add-b
    /// renamed`.
    var outline: [String] {
      (report?.scripts.first?.frames ?? []).map { frame in
        var line = "  \(frame.name) \(frame.status.rawValue)"
        if let from = frame.movedFrom { line += " < " + (from.split(separator: "/").last ?? "") }
        if frame.renamed == true { line += " renamed" }
        if let error = frame.error { line += " error: \(error)" }
        return line
      }
    }

    /// A shell command's words, with single quotes as a POSIX shell reads them.
    static func words(_ command: String) -> [String] {
      var words: [String] = []
      var word = ""
      var quoted = false
      var inWord = false
      for character in command {
        if quoted {
          if character == "'" { quoted = false } else { word.append(character) }
        } else if character == "'" {
          quoted = true
          inWord = true
        } else if character == " " {
          if inWord { words.append(word) }
          word = ""
          inWord = false
        } else {
          word.append(character)
          inWord = true
        }
      }
      if inWord { words.append(word) }
      return words
    }
  }

  let folder: TemporaryFolder
  var script: URL { folder.url.appendingPathComponent("scene.circles") }
  var goldens: URL { folder.url.appendingPathComponent("__snapshots__/scene", isDirectory: true) }

  init() throws {
    folder = try TemporaryFolder()
  }

  /// Every golden by name, with its bytes.
  func state() throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in folder.files(in: "__snapshots__/scene") where name.hasSuffix(".png") {
      files[name] = try Data(contentsOf: goldens.appendingPathComponent(name))
    }
    return files
  }

  /// Runs `circles` in process, in the folder, with the report as JSON on standard output.
  func run(_ arguments: [String], ci: Bool) -> Outcome {
    let recording = ConsoleRecording()
    let console = recording.console
    let environment = ci ? ["CI": "true"] : [:]
    let context = ToolContext(
      console: console, environment: environment, currentDirectory: folder.url,
      readStandardInput: { Data() })
    let status = CommandLineTool.main(arguments: arguments + ["--json"], context: context)
    let report = try? JSONDecoder().decode(
      JSONReport.Document.self, from: Data(recording.out.utf8))
    return Outcome(
      arguments: arguments, environment: environment, status: status, out: recording.out,
      error: recording.err, report: report)
  }

  /// Runs a step's command on its script: `nil` when it is the suggested command and the
  /// previous report suggested none.
  func run(_ step: Step, after previous: Outcome?) throws -> Outcome? {
    try (step.lines.joined(separator: "\n") + "\n").write(
      to: script, atomically: true, encoding: .utf8)
    if let options = step.command.options {
      return run(["check", script.path] + options, ci: step.command == .ci)
    }
    guard let words = previous?.suggestion, words.first == "circles" else { return nil }
    return run(Array(words.dropFirst()), ci: false)
  }
}

extension GoldenLifecycle {
  /// How the rules were broken by one command, as sentences; empty when they held.
  ///
  /// - Parameters:
  ///   - outcome: what the command printed, its JSON report and exit code.
  ///   - before: the goldens before it.
  ///   - after: the goldens after it.
  static func violations(of outcome: Outcome, before: [String: Data], after: [String: Data])
    -> [String]
  {
    var problems: [String] = []
    guard let report = outcome.report, let script = report.scripts.first else {
      return ["no JSON report (exit \(outcome.status)): \(outcome.error)"]
    }
    if outcome.status == 2 { problems.append("exit 2: \(outcome.error)") }
    let verdict: Int32 = script.status == .error ? 2 : script.status == .failed ? 1 : 0
    if verdict != outcome.status { problems.append("exit \(outcome.status), report \(verdict)") }
    func name(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }
    let frames = script.frames
    // One status per path.
    var claimed: [String: String] = [:]
    var golden: [String: String] = [:]
    for frame in frames {
      let own = name(frame.golden)
      let claims =
        frame.status == .missing || frame.status == .recorded || frame.renamed == true
      if frame.status == .orphan || frame.status == .pruned {
        if let other = golden[own] { problems.append("\(own) is \(other) and \(frame.status)") }
        golden[own] = frame.status.rawValue
      } else if claims {
        if let other = claimed[own] { problems.append("\(own) claimed twice: \(other)") }
        claimed[own] = frame.status.rawValue
      }
      if let from = frame.movedFrom.map(name) {
        if let other = golden[from] { problems.append("\(from) is \(other) and moved") }
        golden[from] = "moved to \(frame.name)"
      }
    }
    for (path, status) in golden where status == "orphan" {
      if let other = claimed[path] { problems.append("\(path) is \(other) and orphan") }
    }
    // What the command may do to the folder.
    let may = Permissions(arguments: outcome.arguments, ci: outcome.environment["CI"] == "true")
    let (mayWrite, mayReplace, mayDelete) = (may.write, may.replace, may.delete)
    if !mayWrite, !mayDelete, before != after {
      problems.append("\(outcome.arguments.dropFirst(2)) changed the goldens")
    }
    var explained: Set<String> = []
    // Names whose golden this check renamed to another frame's name.
    let renamedFrom = Set(
      frames.filter { $0.renamed == true }.compactMap { $0.movedFrom.map(name) })
    for frame in frames {
      let own = name(frame.golden) + (frame.golden.hasSuffix(".png") ? "" : ".png")
      switch frame.status {
      case .passed:
        if after[own] == nil { problems.append("passed \(own) is not there") }
        if before[own] != after[own], !mayReplace {
          problems.append("passed \(own) was rewritten")
        }
        explained.insert(own)
      case .moved:
        let from = name(frame.movedFrom ?? "")
        if frame.renamed == true {
          if after[own] == nil || after[own] != before[from] {
            problems.append("\(own) renamed from \(from) does not hold its bytes")
          }
          explained.formUnion([own, from])
        } else if after[from] == nil || after[from] != before[from] {
          problems.append("moved golden \(from) of \(frame.name) changed or went")
        }
        if frame.renamed != true { explained.insert(from) }
      case .recorded:
        if after[own] == nil { problems.append("recorded \(own) is not there") }
        if before[own] != nil, before[own] != after[own], !mayReplace,
          frame.movedFrom == nil, !renamedFrom.contains(own)
        {
          problems.append("\(own) replaced unasked")
        }
        if let from = frame.movedFrom.map(name) {
          if !mayReplace { problems.append("\(from) replaced as \(own) unasked") }
          explained.insert(from)
        }
        if !mayWrite { problems.append("\(own) recorded unasked") }
        explained.insert(own)
      case .failed:
        let from = frame.movedFrom.map(name) ?? own
        if before[from] != nil, after[from] != before[from] {
          problems.append("failed golden \(from) changed")
        }
        explained.insert(from)
      case .missing:
        break
      case .orphan:
        if after[own] != before[own] { problems.append("orphan \(own) changed") }
        explained.insert(own)
      case .pruned:
        if !mayDelete { problems.append("\(own) pruned unasked") }
        explained.insert(own)
      }
    }
    // Nothing changed that no frame explains, and no golden was lost.
    for (file, bytes) in before where after[file] != bytes && !explained.contains(file) {
      problems.append("\(file) changed or went, unexplained")
    }
    for file in after.keys where before[file] == nil && !explained.contains(file) {
      problems.append("\(file) appeared, unexplained")
    }
    if !mayReplace && !mayDelete {
      var remaining = after.values.reduce(into: [Data: Int]()) { $0[$1, default: 0] += 1 }
      for bytes in before.values {
        if let count = remaining[bytes], count > 0 {
          remaining[bytes] = count - 1
        } else {
          problems.append("a golden's bytes were lost")
        }
      }
    }
    return problems
  }
}

/// What a check's command line allows it to do to the golden folder.
struct Permissions {
  /// Writing missing goldens and renaming moved ones.
  var write: Bool
  /// Replacing goldens that exist.
  var replace: Bool
  /// Deleting goldens without a frame.
  var delete: Bool

  init(arguments: [String], ci: Bool) {
    let modes = ["missing", "failed", "all", "none", "missing,failed"]
    var mode: String? = ci ? "none" : "missing"
    if let index = arguments.firstIndex(of: "--record") {
      let next = arguments.indices.contains(index + 1) ? arguments[index + 1] : ""
      mode = modes.contains(next) ? next : "missing,failed"
    }
    let update = arguments.contains("--update")
    if update { mode = "missing,failed" }
    write = mode != "none"
    replace = mode == "failed" || mode == "all" || mode == "missing,failed"
    delete = update || arguments.contains("--prune")
  }
}
