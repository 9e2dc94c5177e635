import CirclesTestSupport
import Foundation
import Testing

@testable import CirclesKit

/// The bash script, sourced by a real non-interactive bash that is then asked what it offers,
/// as readline would ask it: `COMP_WORDS`, `COMP_CWORD`, the function `complete -p` names.
@Suite("bash completion")
struct BashCompletionTests {
  /// What bash offers for the last word of a line, sorted, as readline lists it.
  static func offers(_ words: [String], in fixture: CompletionFixture) async throws -> [String] {
    let program = """
      source "$1" || exit 3
      complete -p circles
      shift
      COMP_WORDS=("$@")
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      COMP_LINE="${COMP_WORDS[*]}"
      COMP_POINT=${#COMP_LINE}
      _circles
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let outcome = try await fixture.run(
      "bash", ["-c", program, "bash", fixture.script.path] + words)
    var lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(lines.first == "complete -F _circles circles", "\(outcome)")
    lines = Array(lines.dropFirst())
    return lines.filter { !$0.isEmpty }.sorted()
  }

  @Test(
    "offers subcommands, options, their values and files by extension",
    arguments: CompletionFixture.sharedCases { $0 } + [
      ("circles -", ["--help", "--version", "-h"]),
      ("circles run --format=s", ["svg"]),
      ("circles run --format=", ["pdf", "png", "svg"]),
      ("circles run fr", ["frames"]),
      ("circles run --output=", ["frames", "my scripts"]),
      ("circles run -- s", ["scene.circles"]),
      ("circles run -- --fo", []),
      ("circles check --record=f", ["failed"]),
      ("circles frobnicate ", []),
    ])
  func offers(line: String, expected: [String]) async throws {
    let fixture = try CompletionFixture(.bash)
    let words = CompletionFixture.words(of: line)
    #expect(try await Self.offers(words, in: fixture) == expected.sorted(), "\(words)")
  }

  @Test("a value after '=' is completed whole when '=' is not a word break")
  func wholeWord() async throws {
    let fixture = try CompletionFixture(.bash)
    let offered = try await Self.offers(["circles", "run", "--format=p"], in: fixture)
    #expect(offered == ["--format=pdf", "--format=png"])
  }

  @Test(
    "every option of every subcommand is offered, and every choice after its option",
    arguments: CommandLineTool.completionModel.commands.map { $0.name })
  func everyOption(name: String) async throws {
    let fixture = try CompletionFixture(.bash)
    try await CompletionFixture.expectEveryOption(
      of: name, typing: "-", offering: { $0.flatMap(\.names) },
      offers: { try await Self.offers($0, in: fixture) })
  }
}
