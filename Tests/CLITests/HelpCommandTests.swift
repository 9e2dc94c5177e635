import CircleScript
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
      "language", "colours", "add", "repeat", "expect", "let",
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

  @Test("colours: every name the language takes, and 'colors' for the same text")
  func colours() async throws {
    let folder = try TemporaryFolder()
    let help = try await Executable.run(["help", "colours"], in: folder.url)
    #expect(help.status == 0, "\(help)")
    let words = Set(help.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    for name in NamedColours.names { #expect(words.contains(name), "\(name)") }
    #expect(help.stdout.split(separator: "\n").allSatisfy { $0.count <= 90 })
    let american = try await Executable.run(["help", "colors"], in: folder.url)
    #expect(american.stdout == help.stdout)
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
        // Each option is a tagged paragraph made from its declaration: tag, then description.
        let entry =
          ".TP\n.B \(ManualPage.escaped(option.tag))\n"
          + ManualPage.escaped(option.description) + "\n"
        #expect(page.contains(entry), "\(command.name) \(option.name)")
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

  @Test("a subcommand's --help: usage, discussion, options with their help and defaults, epilogue")
  func pinnedHelp() async throws {
    try await AssertExecuteCommand(
      ["history", "--help"],
      stdout: """
        Usage: circles history <script.circles | -> [--max-undo <n>]

        Runs a drawing script in memory and prints, after its last command, the undo and redo stacks
        with their action names as an Edit menu shows them, the next step first:

          Undo (2 steps, most recent first):
            Undo Add moon
            Undo Add sun
          Redo: nothing to redo

        Nothing is written: 'render' commands are skipped; 'expect' commands are checked. When the
        script stops at an error or a failed 'expect', the stacks at that point are printed, then
        the diagnostic. '-' reads the script from standard input.

        Options:
          --max-undo <n>   The most changes the undo history keeps (0 for no limit), each some hundreds
                           of bytes of memory: a group keeps every change made in it, 'limit <n>' keeps
                           fewer steps. A change that would go over stops the script with an error at
                           it. Default: 2000000.
          -h, --help       Show this help.

        Exit codes: 0 success, 1 an 'expect' failed, 2 an error in the script or the command line.

        """, exitCode: 0)
    let run = try await Executable.run(["run", "--help"], in: repositoryRoot)
    #expect(run.status == 0 && run.stderr == "", "\(run)")
    #expect(
      run.stdout.contains(
        """
          --frames <all|last|none>   Which frames to write as files: every state, only the final one, or
                                     none ('render' targets, the animation and the sheet are still
                                     written). Default: all.
          --animation <file>
        """), "\(run.stdout)")
    #expect(
      run.stdout.contains(
        """
          --png-compression <fast|default|small>
                                     Speed against file size of the PNG frames. 'default' compresses
        """), "\(run.stdout)")
  }
}
