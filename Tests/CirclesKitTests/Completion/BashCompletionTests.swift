import CirclesTestSupport
import Foundation
import Testing

@testable import CirclesKit

/// The bash script, sourced by a real non-interactive bash that is then asked what it offers,
/// as readline would ask it: `COMP_WORDS`, `COMP_CWORD`, the function `complete -p` names.
@Suite("bash completion")
struct BashCompletionTests {
  /// What bash offers for the last word of a line, sorted, as readline lists it.
  static func offers(_ words: [String], in fixture: CompletionFixture) throws -> [String] {
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
    let outcome = try Program(named: "bash").run(
      ["-c", program, "bash", fixture.script.path] + words, in: fixture.work.url,
      environment: fixture.environment, inherits: false)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "", "\(outcome)")
    var lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(lines.first == "complete -F _circles circles", "\(outcome)")
    lines = Array(lines.dropFirst())
    return lines.filter { !$0.isEmpty }.sorted()
  }

  static let subcommands = ["check", "completions", "diff", "history", "repl", "run", "view"]
  static let scripts = ["frames", "my scripts", "scene.circles"]
  static let pictures = ["LOUD.PNG", "frames", "my scripts", "picture.png"]

  @Test(
    "offers subcommands, options, their values and files by extension",
    arguments: [
      ("circles ", subcommands),
      ("circles r", ["repl", "run"]),
      ("circles -", ["--help", "--version", "-h"]),
      ("circles run --fo", ["--format"]),
      ("circles run --format ", ["pdf", "png", "svg"]),
      ("circles run --format=s", ["svg"]),
      ("circles run --format=", ["pdf", "png", "svg"]),
      ("circles run --png-compression ", ["default", "fast", "small"]),
      ("circles run ", scripts),
      ("circles run fr", ["frames"]),
      ("circles run frames/", ["frames/inner.circles"]),
      ("circles run my\\ s", ["my scripts"]),
      ("circles run my\\ scripts/", ["my scripts/two words.circles"]),
      ("circles run -o ", ["frames", "my scripts"]),
      ("circles run --output=", ["frames", "my scripts"]),
      ("circles run --sheet ", pictures),
      ("circles run -- s", ["scene.circles"]),
      ("circles run -- --fo", []),
      ("circles check --record ", ["all", "failed", "missing"] + scripts),
      ("circles check --record=f", ["failed"]),
      ("circles check --report ", ["frames", "my scripts", "report.html"]),
      ("circles check --threshold ", []),
      ("circles check -v ", scripts),
      ("circles diff ", pictures),
      ("circles diff picture.png --strip ", pictures),
      ("circles repl -o ", pictures),
      ("circles history --", ["--help"]),
      ("circles completions ", ["bash", "fish", "zsh"]),
      ("circles frobnicate ", []),
    ])
  func offers(line: String, expected: [String]) throws {
    let fixture = try CompletionFixture(.bash)
    let words = CompletionFixture.words(of: line)
    #expect(try Self.offers(words, in: fixture) == expected.sorted(), "\(words)")
  }

  @Test("a value after '=' is completed whole when '=' is not a word break")
  func wholeWord() throws {
    let fixture = try CompletionFixture(.bash)
    let offered = try Self.offers(["circles", "run", "--format=p"], in: fixture)
    #expect(offered == ["--format=pdf", "--format=png"])
  }

  @Test(
    "every option of every subcommand is offered, and every choice after its option",
    arguments: CommandLineTool.completionModel.commands.map { $0.name })
  func everyOption(name: String) throws {
    let fixture = try CompletionFixture(.bash)
    let command = try #require(CommandLineTool.completionModel.commands.first { $0.name == name })
    let options = try Self.offers(["circles", name, "-"], in: fixture)
    #expect(options == command.options.flatMap(\.names).sorted())
    for (spelling, choices) in try CompletionFixture.choices(of: name) {
      let offered = try Self.offers(["circles", name, spelling, ""], in: fixture)
      #expect(Set(choices).isSubset(of: offered), "\(name) \(spelling): \(offered)")
    }
  }
}
