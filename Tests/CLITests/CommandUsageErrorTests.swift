import CirclesTestSupport
import Foundation
import Testing

/// Every mistake on the command line of every subcommand, pinned whole: the message, the line
/// that points to the help, nothing on standard output, exit code 2. One table per subcommand;
/// each runs in an empty folder (a file a row needs is named, and none exists).
@Suite("every usage error of every subcommand: exact message and exit code 2")
struct CommandUsageErrorTests {
  /// Runs a command line and expects exactly `circles: error: <message>` and the help line of
  /// its subcommand.
  static func expectUsageError(
    _ arguments: [String], _ message: String, environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await AssertExecuteCommand(
      arguments, environment: environment,
      stderr: "circles: error: \(message)\nRun 'circles \(arguments[0]) --help' for its usage.\n",
      exitCode: 2, sourceLocation: sourceLocation)
  }

  @Test(
    "run",
    arguments: [
      (["run"], "run needs a script file (or '-' for standard input)"),
      (["run", "a.circles", "b.circles"], "run takes one script; 'b.circles' is extra"),
      (["run", "a.circles", "--", "-x"], "run takes one script; '-x' is extra"),
      (["run", "a.circles", "--ouput", "x"], "unknown option '--ouput'; did you mean '--output'?"),
      (["run", "a.circles", "-x"], "unknown option '-x'"),
      (["run", "a.circles", "-o"], "option '-o' needs a value"),
      (["run", "a.circles", "--format"], "option '--format' needs a value"),
      (
        ["run", "a.circles", "--format", "svgz"],
        "--format takes png, svg or pdf, not 'svgz'; did you mean 'svg'?"
      ),
      (["run", "a.circles", "--frames=some"], "--frames takes all, last or none, not 'some'"),
      (
        ["run", "a.circles", "--png-compression", "huge"],
        "--png-compression takes fast, default or small, not 'huge'"
      ),
      (
        ["run", "a.circles", "--frame-delay", "0"],
        "--frame-delay takes seconds from 0.01 to 60, not '0'"
      ),
      (
        ["run", "a.circles", "--animation", "a.gif", "--frame-delay=60.5"],
        "--frame-delay takes seconds from 0.01 to 60, not '60.5'"
      ),
      (
        ["run", "a.circles", "--frame-delay", "nan"],
        "--frame-delay takes seconds from 0.01 to 60, not 'nan'"
      ),
      (
        ["run", "a.circles", "--max-frames", "-1"],
        "--max-frames takes a whole number ≥ 0, not '-1'"
      ),
      (
        ["run", "a.circles", "--max-bytes", "1.5"],
        "--max-bytes takes a whole number ≥ 0, not '1.5'"
      ),
      (["run", "a.circles", "--watch=yes"], "--watch takes no value"),
      (["run", "-", "--watch"], "--watch needs a script file, not standard input"),
      (
        ["run", "a.circles", "--sheet", "s.jpg"], "the contact sheet 's.jpg' needs a .png extension"
      ),
      (
        ["run", "a.circles", "--animation", "a.mp4"],
        "the animation 'a.mp4' needs a .png, .apng or .gif extension"
      ),
      (["run", "a.circles", "--frame-delay", "1"], "--frame-delay needs --animation <file>"),
      (
        ["run", "a.circles", "--highlight-changes"], "--highlight-changes needs --animation <file>"
      ),
      (
        ["run", "a.circles", "--watch", "--animation", "a.gif"],
        "--watch cannot be used with --animation"
      ),
      (
        ["run", "a.circles", "--watch", "--frames", "last"], "--watch cannot be used with --frames"
      ),
      (
        ["run", "a.circles", "--animation", "x.png", "--sheet", "x.png"],
        "--animation and --sheet name the same file 'x.png'"
      ),
      (
        ["run", "a.circles", "--sheet", "a-frames/0001-add.png"],
        "the contact sheet 'a-frames/0001-add.png' would take the name of a frame in the output "
          + "folder; choose another"
      ),
      (
        ["run", "a.circles", "--animation", "~/a.gif"],
        "the animation '~/a.gif' starts with '~', which the shell did not expand; give the whole "
          + "path"
      ),
      (
        ["run", "a.circles", "-o", "~/frames"],
        "--output '~/frames' starts with '~', which the shell did not expand; give the whole path"
      ),
    ])
  func run(arguments: [String], message: String) async throws {
    try await Self.expectUsageError(arguments, message)
  }

  @Test(
    "check",
    arguments: [
      (["check"], "check needs at least one script or folder"),
      (["check", "--record"], "check needs at least one script or folder"),
      (["check", "a.circles", "--recrod"], "unknown option '--recrod'; did you mean '--record'?"),
      (["check", "a.circles", "--golden"], "option '--golden' needs a value"),
      (
        ["check", "a.circles", "--record=sometimes"],
        "--record takes missing, failed, all or none (or a list such as missing,failed), not "
          + "'sometimes'"
      ),
      (
        ["check", "--record", "bogus", "a.circles"],
        "--record takes missing, failed, all or none (or a list such as missing,failed), not "
          + "'bogus'"
      ),
      (
        ["check", "a.circles", "--update", "--record"],
        "--update already records what is missing or failed; drop --record"
      ),
      (
        ["check", "a.circles", "--report", "~/r.html"],
        "--report '~/r.html' starts with '~', which the shell did not expand; give the whole path"
      ),
      (
        ["check", "a.circles", "--blob=~/b.tar"],
        "--blob '~/b.tar' starts with '~', which the shell did not expand; give the whole path"
      ),
      (
        ["check", "a.circles", "--shard", "1/2", "--durations", "~/t.tar"],
        "--durations '~/t.tar' starts with '~', which the shell did not expand; give the whole "
          + "path"
      ),
      (
        ["check", "a.circles", "--durations", "t.tar"],
        "--durations balances the shares of --shard <i>/<n>; give --shard too"
      ),
      (
        ["check", "a.circles", "--shard", "3/2"],
        "--shard takes <i>/<n> with 1 ≤ i ≤ n, such as 2/4, not '3/2'"
      ),
      (
        ["check", "a.circles", "--shard=0/2"],
        "--shard takes <i>/<n> with 1 ≤ i ≤ n, such as 2/4, not '0/2'"
      ),
      (
        ["check", "a.circles", "--shard", "1/2/3"],
        "--shard takes <i>/<n> with 1 ≤ i ≤ n, such as 2/4, not '1/2/3'"
      ),
      (
        ["check", "a.circles", "--threshold", "1.5"],
        "--threshold takes a number from 0 to 1, not '1.5'"
      ),
      (
        ["check", "a.circles", "--max-diff", "-3"],
        "--max-diff takes a pixel count or a share such as 0.5%, not '-3'"
      ),
      (
        ["check", "a.circles", "--max-diff", "101%"],
        "--max-diff takes a pixel count or a share such as 0.5%, not '101%'"
      ),
      (
        ["check", "a.circles", "--darker-colour", "#00ff0080"],
        "--darker-colour takes an opaque colour such as #00ff00 or green, not '#00ff0080'"
      ),
      (["check", "a.circles", "--json=yes"], "--json takes no value"),
      (["check", "-"], "check needs script files: goldens are found beside each script"),
    ])
  func check(arguments: [String], message: String) async throws {
    try await Self.expectUsageError(arguments, message)
  }

  @Test("check: a CIRCLES_RECORD that holds no mode")
  func checkRecordEnvironment() async throws {
    try await Self.expectUsageError(
      ["check", "a.circles"],
      "CIRCLES_RECORD: invalid record mode 'sometimes'; use none, missing, failed, all or "
        + "missing,failed",
      environment: ["CIRCLES_RECORD": "sometimes"])
  }

  @Test(
    "diff",
    arguments: [
      (["diff"], "diff needs two PNG files, the expected one and the actual one"),
      (["diff", "a.png"], "diff needs two PNG files, the expected one and the actual one"),
      (["diff", "a.png", "b.png", "c.png"], "diff takes two PNG files; 'c.png' is extra"),
      (
        ["diff", "a.png", "b.png", "--strp", "s.png"],
        "unknown option '--strp'; did you mean '--strip'?"
      ),
      (["diff", "a.png", "b.png", "--strip"], "option '--strip' needs a value"),
      (
        ["diff", "a.png", "b.png", "--threshold", "x"],
        "--threshold takes a number from 0 to 1, not 'x'"
      ),
      (
        ["diff", "a.png", "b.png", "--darker-colour", "bogus"],
        "--darker-colour takes an opaque colour such as #00ff00 or green, not 'bogus'"
      ),
      (["diff", "a.png", "b.png", "--tolerant=1"], "--tolerant takes no value"),
    ])
  func diff(arguments: [String], message: String) async throws {
    try await Self.expectUsageError(arguments, message)
  }

  @Test(
    "repl",
    arguments: [
      (
        ["repl", "x.circles"],
        "repl takes no script (use 'circles run' for files); 'x.circles' is extra"
      ),
      (["repl", "-o"], "option '-o' needs a value"),
      (["repl", "--ouput", "x.png"], "unknown option '--ouput'; did you mean '--output'?"),
      (
        ["repl", "-o", "live.txt"],
        "the live picture 'live.txt' needs a .png, .svg or .pdf extension"
      ),
    ])
  func repl(arguments: [String], message: String) async throws {
    try await Self.expectUsageError(arguments, message)
  }

  @Test(
    "history",
    arguments: [
      (["history"], "history needs a script file (or '-' for standard input)"),
      (["history", "a.circles", "b.circles"], "history takes one script; 'b.circles' is extra"),
      (["history", "a.circles", "-o", "x"], "unknown option '-o'"),
      (["history", "a.circles", "--hepl"], "unknown option '--hepl'; did you mean '--help'?"),
    ])
  func history(arguments: [String], message: String) async throws {
    try await Self.expectUsageError(arguments, message)
  }

  @Test(
    "view",
    arguments: [
      (["view"], "view needs a script file (or '-' for standard input)"),
      (["view", "a.circles", "b.circles"], "view takes one script; 'b.circles' is extra"),
      (
        ["view", "a.circles", "--ouput", "x.html"],
        "unknown option '--ouput'; did you mean '--output'?"
      ),
      (["view", "a.circles", "-o"], "option '-o' needs a value"),
      (["view", "a.circles", "-o", "x.txt"], "the page 'x.txt' needs a .html or .htm extension"),
      (
        ["view", "a.circles", "-o", "~/x.html"],
        "the page '~/x.html' starts with '~', which the shell did not expand; give the whole path"
      ),
      (
        ["view", "p.html", "-o", "p.html"],
        "the page 'p.html' would replace the script; choose another name"
      ),
    ])
  func view(arguments: [String], message: String) async throws {
    try await Self.expectUsageError(arguments, message)
  }

  @Test(
    "preview",
    arguments: [
      (["preview"], "preview needs a script file"),
      (["preview", "a.circles", "b.circles"], "preview takes one script; 'b.circles' is extra"),
      (
        ["preview", "-"],
        "preview needs a script file, not standard input: it follows the file's saves"
      ),
      (["preview", "a.circles", "--port"], "option '--port' needs a value"),
      (
        ["preview", "a.circles", "--port=65536"],
        "--port takes a whole number from 0 to 65535, not '65536'"
      ),
      (
        ["preview", "a.circles", "--port", "-1"],
        "--port takes a whole number from 0 to 65535, not '-1'"
      ),
      (
        ["preview", "a.circles", "--port", "http"],
        "--port takes a whole number from 0 to 65535, not 'http'"
      ),
      (["preview", "a.circles", "--open=yes"], "--open takes no value"),
      (["preview", "a.circles", "--check=all"], "--check takes no value"),
      (
        ["preview", "a.circles", "--prot", "80"], "unknown option '--prot'; did you mean '--port'?"
      ),
    ])
  func preview(arguments: [String], message: String) async throws {
    try await Self.expectUsageError(arguments, message)
  }

  @Test(
    "completions",
    arguments: [
      (["completions"], "completions needs a shell: bash, zsh or fish"),
      (["completions", "bash", "zsh"], "completions takes one shell; 'zsh' is extra"),
      (["completions", "bsh"], "unknown shell 'bsh'; did you mean 'bash'?"),
      (["completions", "tcsh"], "unknown shell 'tcsh'; use bash, zsh or fish"),
      (["completions", "--zsh"], "unknown option '--zsh'"),
    ])
  func completions(arguments: [String], message: String) async throws {
    try await Self.expectUsageError(arguments, message)
  }

  @Test(
    "lsp",
    arguments: [
      (["lsp", "x"], "lsp takes no argument; 'x' is extra"),
      (["lsp", "--stdio"], "unknown option '--stdio'"),
    ])
  func lsp(arguments: [String], message: String) async throws {
    try await Self.expectUsageError(arguments, message)
  }

  @Test(
    "help",
    arguments: [
      (["help", "run", "check"], "help takes one topic; 'check' is extra"),
      (["help", "lnguage"], "no help topic 'lnguage'; did you mean 'language'?"),
      (["help", "--mna"], "unknown option '--mna'; did you mean '--man'?"),
      (["help", "--man=1"], "--man takes no value"),
    ])
  func help(arguments: [String], message: String) async throws {
    try await Self.expectUsageError(arguments, message)
  }

  @Test("the tool itself: no subcommand, an unknown one, an unknown option before one")
  func tool() async throws {
    let help = try await Executable.run(["--help"], in: repositoryRoot)
    #expect(help.status == 0 && help.stderr == "", "\(help)")
    try await AssertExecuteCommand([], stderr: help.stdout, exitCode: 2)
    try await AssertExecuteCommand(
      ["rnu"],
      stderr: "circles: error: unknown subcommand 'rnu'; did you mean 'run'?\n"
        + "Run 'circles --help' for the list of subcommands.\n",
      exitCode: 2)
    try await AssertExecuteCommand(
      ["--verison"],
      stderr: "circles: error: unknown option '--verison'; did you mean '--version'?\n"
        + "Run 'circles --help' for its usage.\n",
      exitCode: 2)
  }
}
