import CirclesTestSupport
import Foundation
import Testing

@testable import CirclesKit

/// The fish script, sourced by a real fish that is asked what it would offer for a line
/// (`complete -C`), as it does when Tab is pressed.
@Suite("fish completion")
struct FishCompletionTests {
  /// What fish offers at the end of a line: each candidate, without its description, sorted.
  static func offers(_ line: String, in fixture: CompletionFixture) throws -> [String] {
    let outcome = try Program(named: "fish").run(
      [
        "--no-config", "-c", "source $argv[1]; and complete -C $argv[2]", fixture.script.path, line,
      ],
      in: fixture.work.url, environment: fixture.environment, inherits: false)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "", "\(outcome)")
    return outcome.stdout.split(separator: "\n").map {
      String($0.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)[0])
    }.sorted()
  }

  static let subcommands = ["check", "completions", "diff", "history", "repl", "run", "view"]
  static let scripts = ["frames/", "my scripts/", "scene.circles"]
  static let pictures = ["LOUD.PNG", "frames/", "my scripts/", "picture.png"]

  @Test(
    "offers subcommands, options, their values and files by extension",
    arguments: [
      ("circles ", subcommands),
      ("circles r", ["repl", "run"]),
      ("circles --", ["--help", "--version"]),
      ("circles run --fo", ["--format"]),
      ("circles run --format ", ["pdf", "png", "svg"]),
      ("circles run --format=s", ["--format=svg"]),
      ("circles run --png-compression ", ["default", "fast", "small"]),
      ("circles run ", scripts),
      ("circles run frames/", ["frames/inner.circles"]),
      ("circles run my\\ s", ["my scripts/"]),
      ("circles run my\\ scripts/", ["my scripts/two words.circles"]),
      ("circles run -o ", ["frames/", "my scripts/"]),
      ("circles run --sheet ", pictures),
      ("circles check --record ", ["all", "failed", "missing"] + scripts),
      ("circles check --record=f", ["--record=failed"]),
      ("circles check --report ", ["frames/", "my scripts/", "report.html"]),
      ("circles check --threshold ", []),
      ("circles check -v ", scripts),
      ("circles diff ", pictures),
      ("circles diff picture.png --strip ", pictures),
      ("circles repl -o ", pictures),
      ("circles history --", ["--help"]),
      ("circles completions ", ["bash", "fish", "zsh"]),
    ])
  func offers(line: String, expected: [String]) throws {
    let fixture = try CompletionFixture(.fish)
    #expect(try Self.offers(line, in: fixture) == expected.sorted(), "\(line)")
  }

  @Test(
    "every option of every subcommand is offered, and every choice after its option",
    arguments: CommandLineTool.completionModel.commands.map { $0.name })
  func everyOption(name: String) throws {
    let fixture = try CompletionFixture(.fish)
    let command = try #require(CommandLineTool.completionModel.commands.first { $0.name == name })
    let long = try Self.offers("circles \(name) --", in: fixture)
    // fish also offers '--record=' for an option whose value may be left out.
    let optional = command.options.filter { $0.value?.isOptional == true }.map { $0.name + "=" }
    #expect(long == (command.options.map(\.name) + optional).sorted())
    for (spelling, choices) in try CompletionFixture.choices(of: name) {
      let offered = try Self.offers("circles \(name) \(spelling) ", in: fixture)
      #expect(Set(choices).isSubset(of: offered), "\(name) \(spelling): \(offered)")
    }
  }
}
