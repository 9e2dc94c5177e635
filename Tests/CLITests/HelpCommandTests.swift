import CirclesTestSupport
import Foundation
import Testing

@testable import CirclesKit

/// `circles help`: the texts of the subcommands, the language and its commands, the same as
/// `--help` and the REPL's `:help` print, and the manual page made of them.
@Suite("circles help and the manual page")
struct HelpCommandTests {
  @Test(
    "a subcommand's topic is its --help", arguments: CommandLineTool.subcommands.map { $0.name })
  func subcommandTopics(name: String) async throws {
    let folder = try TemporaryFolder()
    let topic = try await Executable.run(["help", name], in: folder.url)
    let flag = try await Executable.run([name, "--help"], in: folder.url)
    #expect(topic.status == 0, "\(topic)")
    #expect(topic.stdout == flag.stdout && topic.stderr == "", "\(topic)")
  }

  @Test(
    "the language and each command: the texts the REPL's :help prints",
    arguments: [
      "language", "add", "repeat", "expect", "let",
    ])
  func languageTopics(topic: String) async throws {
    let folder = try TemporaryFolder()
    let help = try await Executable.run(["help", topic], in: folder.url)
    #expect(help.status == 0, "\(help)")
    #expect(help.stdout == (LanguageHelp.text(for: topic) ?? "-") + "\n")
    let repl = try await Executable.run(["repl"], in: folder.url, input: ":help \(topic)\n")
    #expect(repl.stdout.contains(help.stdout), "\(repl)")
  }

  @Test("the language's summary lists every command of the language")
  func languageListsCommands() {
    for command in CommandHelp.all {
      #expect(LanguageHelp.overview.contains("\n  " + command.usage[0]), "\(command.name)")
    }
  }

  @Test("an unknown topic is an error with a suggestion, exit 2")
  func unknownTopic() async throws {
    let folder = try TemporaryFolder()
    let outcome = try await Executable.run(["help", "lnguage"], in: folder.url)
    #expect(outcome.status == 2)
    #expect(outcome.stdout == "")
    #expect(
      outcome.stderr == """
        circles: error: no help topic 'lnguage'; did you mean 'language'?
        Run 'circles help --help' for its usage.

        """)
  }

  @Test("the manual page holds every subcommand, option and command, and groff reads it cleanly")
  func manualPage() async throws {
    let folder = try TemporaryFolder()
    let outcome = try await Executable.run(["help", "--man"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    let page = outcome.stdout
    #expect(page.hasPrefix(".TH CIRCLES 1 \"\" \"circles \(CommandLineTool.version)\""))
    for command in CommandLineTool.subcommands {
      #expect(page.contains(".SS \"circles \(command.name)\""), "\(command.name)")
      for option in command.allOptions {
        let roff = option.name.replacingOccurrences(of: "-", with: "\\-")
        #expect(page.contains(roff), "\(command.name) \(option.name)")
      }
    }
    for command in CommandHelp.all {
      #expect(page.contains(".B " + ManualPage.escaped(command.usage[0])), "\(command.name)")
    }
    #expect(!page.unicodeScalars.contains { !$0.isASCII }, "roff input is ASCII")
    try folder.write(page, to: "circles.1")
    let groff = try await Program(named: "groff", package: "groff-base").run(
      ["-man", "-Tutf8", "-ww", "-z", "circles.1"], in: folder.url)
    #expect(groff.status == 0 && groff.stderr == "", "\(groff)")
  }

  @Test("roff escapes: dashes, backslashes, quotes, a leading dot, and characters beyond ASCII")
  func escaping() {
    #expect(ManualPage.escaped("--record \"x\" \\ …") == "\\-\\-record \\(dqx\\(dq \\e \\[u2026]")
    #expect(ManualPage.escaped(".circles-frames") == "\\&.circles\\-frames")
    #expect(ManualPage.escaped("'quoted'") == "\\&'quoted'")
  }
}
