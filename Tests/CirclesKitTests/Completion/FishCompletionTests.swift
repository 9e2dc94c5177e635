import CirclesTestSupport
import Foundation
import Testing

@testable import CirclesKit

/// The fish script, sourced by a real fish that is asked what it would offer for a line
/// (`complete -C`), as it does when Tab is pressed.
@Suite("fish completion")
struct FishCompletionTests {
  /// What fish offers at the end of a line: each candidate, without its description, sorted.
  static func offers(_ line: String, in fixture: CompletionFixture) async throws -> [String] {
    let outcome = try await fixture.run(
      "fish",
      [
        "--no-config", "-c", "source $argv[1]; and complete -C $argv[2]", fixture.script.path, line,
      ])
    return outcome.stdout.split(separator: "\n").map {
      String($0.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)[0])
    }.sorted()
  }

  @Test(
    "offers subcommands, options, their values and files by extension",
    arguments: CompletionFixture.sharedCases { $0 + "/" } + [
      ("circles --", ["--help", "--version"]),
      ("circles run --format=s", ["--format=svg"]),
      ("circles check --record=f", ["--record=failed"]),
    ])
  func offers(line: String, expected: [String]) async throws {
    let fixture = try CompletionFixture(.fish)
    #expect(try await Self.offers(line, in: fixture) == expected.sorted(), "\(line)")
  }

  @Test(
    "every option of every subcommand is offered, and every choice after its option",
    arguments: CommandLineTool.completionModel.commands.map { $0.name })
  func everyOption(name: String) async throws {
    let fixture = try CompletionFixture(.fish)
    // fish also offers '--record=' for an option whose value may be left out.
    try await CompletionFixture.expectEveryOption(
      of: name, typing: "--",
      offering: { options in
        options.map(\.name) + options.filter { $0.value?.isOptional == true }.map { $0.name + "=" }
      },
      offers: { try await Self.offers($0.joined(separator: " "), in: fixture) })
  }
}
