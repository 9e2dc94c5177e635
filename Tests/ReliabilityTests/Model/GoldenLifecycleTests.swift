import CircleSnapshot
import CirclesTestSupport
import Foundation
import Testing

/// The golden lifecycle as a state machine (README, "Goldens follow the history"): seeded random
/// edits of a script and random check commands, each checked against the rules and a model of the
/// folder. A failing sequence is shrunk to the fewest steps that still fail, printed as a step
/// list, and kept below as a named regression test.
@Suite("The golden lifecycle against its model")
struct GoldenLifecycleTests {
  static let seedBlocks = 0..<8
  static let sequencesPerBlock: UInt64 = 25
  static let stepsPerSequence = 8

  @Test(
    "random edits and commands never break the golden folder's rules", .timeLimit(.minutes(10)),
    arguments: seedBlocks)
  func randomSequences(block: Int) throws {
    let first = UInt64(block) * Self.sequencesPerBlock
    for seed in first..<first + Self.sequencesPerBlock {
      var generator = SequenceGenerator(seed: seed)
      let steps = generator.sequence(length: Self.stepsPerSequence)
      guard let failure = try Self.replay(steps) else { continue }
      let shrunk = try Self.shrink(steps)
      let final = try Self.replay(shrunk) ?? failure
      Issue.record(
        """
        seed \(seed): \(final.problems.joined(separator: "; "))
        \(final.log.joined(separator: "\n"))
        at step \(final.step + 1) of \(shrunk.count), after \(final.outcome.arguments.dropFirst()):
        \(final.outcome.outline.joined(separator: "\n"))
        \(final.outcome.error)
        shrunk sequence:
        \(shrunk.map { "  \($0)," }.joined(separator: "\n"))
        """)
    }
  }

  @Test("the random sequences edit in every way and run every command")
  func sequencesCoverTheStateMachine() {
    var commands: [GoldenLifecycle.Command: Int] = [:]
    var edits: [String: Int] = [:]
    for seed in 0..<Self.sequencesPerBlock * UInt64(Self.seedBlocks.count) {
      var generator = SequenceGenerator(seed: seed)
      for step in generator.sequence(length: Self.stepsPerSequence) {
        commands[step.command, default: 0] += 1
      }
      for (edit, count) in generator.edits { edits[edit, default: 0] += count }
    }
    for command in GoldenLifecycle.Command.allCases {
      #expect(commands[command, default: 0] >= 40, "\(command): \(commands)")
    }
    for edit in ["insert", "delete", "restore", "colour", "rename", "swap"] {
      #expect(edits[edit, default: 0] >= 40, "\(edit): \(edits)")
    }
  }

  /// Where a sequence first broke a rule.
  struct Failure {
    var step: Int
    var problems: [String]
    var outcome: GoldenLifecycle.Outcome
    /// What each step before it reported.
    var log: [String]
  }

  /// Runs a sequence in a fresh folder; the first step that broke a rule, if any.
  ///
  /// Besides each command's own rules: after the suggested command, a check under `CI`
  /// passes; and a script brought back to a version that passed under `CI` passes again
  /// while no command since replaced or deleted a golden.
  static func replay(_ steps: [GoldenLifecycle.Step]) throws -> Failure? {
    let lifecycle = try GoldenLifecycle()
    var previous: GoldenLifecycle.Outcome?
    var passedInCI: Set<[String]> = []
    var log: [String] = []
    for (index, step) in steps.enumerated() {
      let before = try lifecycle.state()
      guard let outcome = try lifecycle.run(step, after: previous) else { continue }
      let after = try lifecycle.state()
      var problems = GoldenLifecycle.violations(of: outcome, before: before, after: after)
      let may = Permissions(
        arguments: outcome.arguments, ci: outcome.environment["CI"] == "true")
      if may.replace || may.delete { passedInCI = [] }
      if step.command == .ci {
        if outcome.status == 0 {
          passedInCI.insert(step.lines)
        } else if passedInCI.contains(step.lines) {
          problems.append("a version that passed in CI fails after it came back")
        }
      }
      if step.command == .suggested, outcome.status != 2 {
        let ci = lifecycle.run(["check", lifecycle.script.path], ci: true)
        if ci.status != 0 {
          problems.append(
            "CI fails after the suggested command:\n\(ci.outline.joined(separator: "\n"))")
        }
      }
      if !problems.isEmpty {
        return Failure(step: index, problems: problems, outcome: outcome, log: log)
      }
      log.append(
        "step \(index + 1), \(outcome.arguments.dropFirst(2)) exit \(outcome.status):\n"
          + outcome.outline.joined(separator: "\n"))
      previous = outcome
    }
    return nil
  }

  /// The shortest sequence found by removing steps one at a time that still fails.
  static func shrink(_ steps: [GoldenLifecycle.Step]) throws -> [GoldenLifecycle.Step] {
    var current = steps
    var progress = true
    while progress {
      progress = false
      for index in current.indices.reversed() {
        var candidate = current
        candidate.remove(at: index)
        // The suggested command is run on the script it was suggested for.
        for position in candidate.indices.dropFirst()
        where candidate[position].command == .suggested {
          candidate[position].lines = candidate[position - 1].lines
        }
        if try replay(candidate) != nil {
          current = candidate
          progress = true
          break
        }
      }
    }
    return current
  }
}

/// Random scripts of circles and random edits of them, always valid scripts, and the commands
/// run after each edit.
struct SequenceGenerator {
  var random: SeededGenerator
  /// How many edits of each kind were made.
  var edits: [String: Int] = [:]
  private var deleted: [(index: Int, line: String)] = []
  private var fresh = 0

  init(seed: UInt64) {
    random = SeededGenerator(seed: seed)
  }

  static let canvas = "canvas 24x16"
  static let ids = ["a", "b", "c", "d"]
  static let colours = ["red", "green", "blue", "gold", "white"]

  /// A sequence of steps: a first script, then edits and commands.
  mutating func sequence(length: Int) -> [GoldenLifecycle.Step] {
    var lines = (0..<Int.random(in: 4...8, using: &random)).reduce(into: [String]()) {
      script, _ in
      if let step = newStep(for: script, at: script.count) { script.append(step) }
    }
    var steps: [GoldenLifecycle.Step] = []
    for index in 0..<length {
      var command = pickCommand(first: index == 0)
      if command == .suggested, index == 0 { command = .local }
      if command != .suggested, index > 0, random.chance(0.6) { lines = edit(lines) }
      steps.append(GoldenLifecycle.Step(lines: [Self.canvas] + lines, command: command))
    }
    return steps
  }

  private mutating func pickCommand(first: Bool) -> GoldenLifecycle.Command {
    if first { return random.chance(0.7) ? .local : .ci }
    let weighted: [(GoldenLifecycle.Command, Int)] = [
      (.local, 6), (.ci, 4), (.suggested, 5), (.recordMissing, 2), (.recordFailed, 2),
      (.recordAll, 1), (.recordNone, 1), (.update, 2), (.prune, 2),
    ]
    var pick = Int.random(in: 0..<weighted.map(\.1).reduce(0, +), using: &random)
    for (command, weight) in weighted {
      if pick < weight { return command }
      pick -= weight
    }
    return .local
  }

  /// A random step that can run after `script[..<position]` and keeps the rest valid.
  private mutating func newStep(for script: [String], at position: Int) -> String? {
    for _ in 0..<20 {
      let id = random.pick(Self.ids)
      let colour = random.pick(Self.colours)
      let step: String
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        let x = random.pick([4, 8, 12, 16, 20])
        let y = random.pick([4, 8, 12])
        let ghost = random.chance(0.2) ? " opacity 0" : ""
        step = "add \(id) at \(x),\(y) r \(random.pick([2, 3, 4])) fill \(colour)\(ghost)"
      case 4..<7:
        step = "move \(id) by \(random.pick([-4, 0, 4])),\(random.pick([-4, 0, 4]))"
      case 7..<9: step = "set \(id) fill \(colour)"
      default: step = "remove \(id)"
      }
      var candidate = script
      candidate.insert(step, at: position)
      if Self.isValid(candidate) { return step }
    }
    return nil
  }

  /// Whether every command names a circle that exists then, and every `add` a new one.
  static func isValid(_ script: [String]) -> Bool {
    var live: Set<Substring> = []
    for line in script {
      let words = line.split(separator: " ")
      guard words.count > 1 else { return false }
      if words[0] == "add" {
        guard live.insert(words[1]).inserted else { return false }
      } else {
        guard live.contains(words[1]) else { return false }
        if words[0] == "remove" { live.remove(words[1]) }
      }
    }
    return true
  }

  /// One random edit that keeps the script valid; the script as it was when none fits.
  private mutating func edit(_ script: [String]) -> [String] {
    let kinds = ["insert", "delete", "delete", "colour", "rename", "swap"]
    for _ in 0..<10 {
      // Steps deleted are often put back: the edit whose goldens must still be there.
      let kind = !deleted.isEmpty && random.chance(0.5) ? "restore" : random.pick(kinds)
      var result = script
      switch kind {
      case "insert":
        let position = Int.random(in: 0...script.count, using: &random)
        guard let step = newStep(for: script, at: position) else { continue }
        result.insert(step, at: position)
      case "delete":
        guard !script.isEmpty else { continue }
        let index = Int.random(in: script.indices, using: &random)
        result.remove(at: index)
        guard Self.isValid(result) else { continue }
        deleted.append((index, script[index]))
      case "restore":
        guard let last = deleted.last, last.index <= script.count else { continue }
        result.insert(last.line, at: last.index)
        guard Self.isValid(result) else { continue }
        deleted.removeLast()
      case "colour":
        let coloured = script.indices.filter { script[$0].contains(" fill ") }
        guard let index = coloured.randomElement(using: &random) else { continue }
        let old = script[index].split(separator: " ").drop { $0 != "fill" }.dropFirst().first!
        let colour = random.pick(Self.colours.filter { $0 != old })
        result[index] = script[index].replacingOccurrences(
          of: " fill \(old)", with: " fill \(colour)")
      case "rename":
        let present = Set(script.map { $0.split(separator: " ")[1] })
        guard let id = present.randomElement(using: &random) else { continue }
        fresh += 1
        let name = "n\(fresh)"
        result = script.map { line in
          var words = line.split(separator: " ").map(String.init)
          if words[1] == id { words[1] = name }
          return words.joined(separator: " ")
        }
      default:
        guard script.count > 1 else { continue }
        let index = Int.random(in: 0..<script.count - 1, using: &random)
        result.swapAt(index, index + 1)
        guard Self.isValid(result) else { continue }
      }
      guard result != script else { continue }
      edits[kind, default: 0] += 1
      return result
    }
    return script
  }
}
