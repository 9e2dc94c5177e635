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
