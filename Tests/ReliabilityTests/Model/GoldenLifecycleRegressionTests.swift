import Testing

/// Sequences the model-based test found breaking a rule, shrunk to their fewest steps, each kept
/// with what it broke. Each must now pass every rule of ``GoldenLifecycleTests/replay(_:)``.
@Suite("The golden lifecycle: sequences that once broke a rule")
struct GoldenLifecycleRegressionTests {
  typealias Step = GoldenLifecycle.Step
  typealias Command = GoldenLifecycle.Command

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var steps: [Step]
    var testDescription: String { name }

    /// A case from the versions of its script and the command run on each, in order.
    init(_ name: String, _ versions: [[String]], _ commands: [(version: Int, Command)]) {
      self.name = name
      steps = commands.map { Step(lines: ["canvas 24x16"] + versions[$0.version], command: $0.1) }
    }
  }

  static let cases: [Case] = [
    Case(
      "a missing frame byte-identical to a golden that the same check renames or deletes "
        + "(its golden was 'lost': exit 2)",
      [
        [
          "add a at 8,12 r 4 fill red", "add b at 16,4 r 4 fill green", "set b fill green",
          "move a by 0,0", "add c at 4,4 r 2 fill white", "move a by 0,4", "move a by -4,4",
          "move c by 0,-4", "remove c",
        ],
        [
          "add a at 8,12 r 4 fill red", "add b at 16,4 r 4 fill green", "move a by 0,0",
          "set b fill green", "add c at 4,4 r 2 fill white", "move a by 0,4", "move a by -4,4",
          "move c by 0,-4", "remove c",
        ],
      ], [(0, .recordMissing), (1, .ci), (1, .suggested)]),
    Case(
      "a step inserted before failing frames: the new golden's number and the failed goldens' "
        + "old numbers interleave (the suggested --record failed left a frame missing)",
      [
        [
          "add a at 16,12 r 3 fill green", "remove a", "add c at 12,4 r 3 fill blue opacity 0",
          "add b at 8,12 r 3 fill gold", "set c fill white", "add a at 12,4 r 3 fill red",
          "move a by 4,-4",
        ],
        [
          "add d at 16,8 r 2 fill red", "add a at 16,12 r 3 fill green", "remove a",
          "add c at 12,4 r 3 fill blue opacity 0", "add b at 8,12 r 3 fill gold",
          "set c fill white", "add a at 12,4 r 3 fill red", "move a by 4,-4",
        ],
      ], [(0, .local), (1, .local), (1, .suggested)]),
    Case(
      "repeated slugs that all fail: a golden taken by name from the frame it failed against "
        + "unpaired the next (the suggested command left a frame missing)",
      [
        [
          "add b at 8,4 r 4 fill green", "add a at 4,8 r 4 fill green", "set b fill blue",
          "move b by 4,4", "move b by 4,4", "set b fill blue",
        ],
        [
          "add b at 8,4 r 4 fill green", "add a at 4,8 r 4 fill green",
          "add c at 4,4 r 2 fill white", "set b fill blue", "move b by 4,4", "move b by 4,4",
          "set b fill blue",
        ],
      ], [(0, .local), (1, .recordMissing), (1, .suggested)]),
    Case(
      "two middle steps deleted, checked on a person's machine, then put back "
        + "(was: one golden both missing and orphan, and the suggestion exited 2)",
      [
        [
          "add sun at 4,4 r 3 fill gold", "add moon at 12,4 r 2 fill blue", "remove moon",
          "add hill at 12,16 r 8 fill green", "move sun by 4,0",
        ],
        ["add sun at 4,4 r 3 fill gold", "add hill at 12,16 r 8 fill green", "move sun by 4,0"],
      ], [(0, .local), (0, .ci), (1, .local), (0, .ci), (0, .recordNone), (0, .suggested)]),
  ]

  @Test("each sequence now keeps every rule", arguments: cases)
  func keepsTheRules(_ sequence: Case) throws {
    let failure = try GoldenLifecycleTests.replay(sequence.steps)
    #expect(
      failure == nil,
      "\(failure.map { "step \($0.step + 1): \($0.problems.joined(separator: "; "))" } ?? "")")
  }
}
