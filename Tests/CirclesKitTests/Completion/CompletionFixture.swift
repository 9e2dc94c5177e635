import CirclesTestSupport
import Foundation
import Testing

@testable import CirclesKit

/// A folder of files to complete names in, and `circles`' completion script for a shell,
/// written in a folder of its own.
final class CompletionFixture {
  /// The files that completion is tried on, with names of every kind it tells apart.
  static let files = [
    "scene.circles", "notes.txt", "picture.png", "LOUD.PNG", "report.html", "frames/inner.circles",
    "my scripts/two words.circles",
  ]

  /// The folder completion runs in.
  let work: TemporaryFolder
  /// Where the script and the shells' own files go (never completed).
  let home: TemporaryFolder
  /// The completion script.
  let script: URL

  init(_ shell: CompletionShell) throws {
    work = try TemporaryFolder()
    home = try TemporaryFolder()
    for name in Self.files { try work.write("", to: name) }
    let name = URL(fileURLWithPath: shell.installPath).lastPathComponent
    script = try home.write(CommandLineTool.completionScript(for: shell), to: name)
  }

  /// An environment that keeps the shells away from the user's own files.
  var environment: [String: String] {
    [
      "HOME": home.url.path, "XDG_CONFIG_HOME": home.url.appendingPathComponent("config").path,
      "XDG_DATA_HOME": home.url.appendingPathComponent("data").path, "PATH": "/usr/bin:/bin",
      "TERM": "xterm", "LANG": "C.UTF-8",
    ]
  }

  /// Runs a shell in the folder completion runs in, kept from the user's own files, and expects
  /// it to succeed without a word on standard error.
  func run(_ shell: String, _ arguments: [String]) async throws -> Executable.Outcome {
    let outcome = try await Program(named: shell).run(
      arguments, in: work.url, environment: environment, inherits: false)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "", "\(outcome)")
    return outcome
  }

  /// Lines that bash and fish complete alike, with what each offers (sorted), but for how a
  /// shell shows a folder (`frames` in bash, `frames/` in fish).
  static func sharedCases(folder: (String) -> String) -> [(line: String, expected: [String])] {
    let folders = [folder("frames"), folder("my scripts")]
    let scripts = folders + ["scene.circles"]
    let pictures = folders + ["LOUD.PNG", "picture.png"]
    return [
      (
        "circles ",
        [
          "check", "compare", "completions", "diff", "help", "history", "lsp", "merge-reports",
          "preview", "repl", "review", "run", "view",
        ]
      ),
      ("circles r", ["repl", "review", "run"]),
      ("circles preview --", ["--check", "--help", "--open", "--port"]),
      ("circles preview ", scripts),
      ("circles run --fo", ["--format"]),
      ("circles run --format ", ["pdf", "png", "svg"]),
      ("circles run --png-compression ", ["default", "fast", "small"]),
      ("circles run ", scripts),
      ("circles run frames/", ["frames/inner.circles"]),
      ("circles run my\\ s", [folder("my scripts")]),
      ("circles run my\\ scripts/", ["my scripts/two words.circles"]),
      ("circles run -o ", folders),
      ("circles run --sheet ", pictures),
      ("circles check --record ", ["all", "failed", "missing", "none"] + scripts),
      ("circles check --report ", folders + ["report.html"]),
      ("circles check --threshold ", []),
      ("circles check -v ", scripts),
      ("circles diff ", pictures),
      ("circles diff picture.png --strip ", pictures),
      ("circles repl -o ", pictures),
      ("circles history --", ["--help", "--max-undo"]),
      ("circles completions ", ["bash", "fish", "zsh"]),
    ].map { ($0.0, $0.1.sorted()) }
  }

  /// Expects a shell to offer every option of a subcommand, and every choice after each option
  /// that takes one of some words.
  ///
  /// - Parameters:
  ///   - name: The subcommand.
  ///   - start: What is typed to list its options (`-`, `--`).
  ///   - options: What the shell must offer after `start`, given the subcommand's options.
  ///   - offers: What the shell offers for the words of a line, the last one completed.
  static func expectEveryOption(
    of name: String, typing start: String,
    offering options: ([CommandOption]) -> [String],
    offers: ([String]) async throws -> [String]
  ) async throws {
    let command = try #require(CommandLineTool.completionModel.commands.first { $0.name == name })
    #expect(try await offers(["circles", name, start]) == options(command.options).sorted())
    for (spelling, choices) in try Self.choices(of: name) {
      let offered = try await offers(["circles", name, spelling, ""])
      #expect(Set(choices).isSubset(of: offered), "\(name) \(spelling): \(offered)")
    }
  }

  /// Each spelling of every option of a subcommand whose value is one of some words, with them.
  static func choices(of name: String) throws -> [(spelling: String, choices: [String])] {
    let command = try #require(CommandLineTool.completionModel.commands.first { $0.name == name })
    return command.options.flatMap { option -> [(String, [String])] in
      guard case .choices(let words) = option.value?.kind else { return [] }
      return option.names.map { ($0, words) }
    }
  }

  /// The words of a line as readline splits them: at spaces that are not escaped, and around
  /// each `=` of an option (`--format=s` is `--format`, `=`, `s`).
  static func words(of line: String) -> [String] {
    var words: [String] = [""]
    var escaped = false
    for character in line {
      if character == " ", !escaped {
        words.append("")
      } else {
        words[words.count - 1].append(character)
      }
      escaped = character == "\\" && !escaped
    }
    return words.flatMap { word -> [String] in
      guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return [word] }
      let value = String(word[word.index(after: equals)...])
      return [String(word[..<equals]), "="] + (value.isEmpty ? [] : [value])
    }
  }
}
