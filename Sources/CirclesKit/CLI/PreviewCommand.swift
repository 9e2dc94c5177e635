import CircleScript
import CircleSystem
import Foundation

/// `circles preview <script> [--port <n>] [--open] [--check]`: the history viewer, served on
/// the loopback address and brought up to date on every save of the script.
struct PreviewCommand: Subcommand {
  static let name = "preview"
  static let summary = "Serve a script's history viewer on 127.0.0.1, updated on every save."
  static let discussion = """
    Serves the history viewer of a drawing script (the page of 'circles view') at
    http://127.0.0.1:<port>/ and keeps it up to date: each time the script file is saved, the
    open page shows the new history within a moment, at the state it was showing (or the
    nearest one; at the new last state when it showed the last). A script that stops at an
    error shows the error at its line, with a caret, beside the pictures: those of the states
    before the error, or of the last run that drew any when it stopped before its first state.

    The address is printed on standard output, and a line for each save; diagnostics go to
    standard error. The server listens on 127.0.0.1 only, serves the page and its stream of
    updates and nothing else (anything else is 404), and refuses requests whose Host header
    does not name 127.0.0.1, localhost or [::1] at its port (421), so that no other site can
    read it. Several previews, of the same script or others, run side by side on their own
    ports. Ctrl-C stops it.

    With --check, each save is also checked against the script's goldens
    (__snapshots__/<script name>/ beside it) as 'circles check' does, recording nothing: the
    header says how the check went, the timeline marks each frame that differs from its golden
    (red), has none (yellow) or matches one under another name (blue), and under the picture
    the selected frame's message shows with its golden, differences and actual picture.
    """
  static let epilogue = """
    Exit codes: 0 stopped with Ctrl-C, 2 an error on the command line, a script that cannot
    be read, or a port that cannot be listened on.
    """

  /// `--port`: an option of a command that serves a page (`review` too).
  static var port: OptionKey<Int?> {
    .wholeNumber(
      "--port", "n", in: 0...65535, "The port to listen on",
      help: "The port to listen on; 0 lets the system choose a free one, as by default.",
      default: "a free one, which the system chooses")
  }
  /// `--open`: an option of a command that serves a page (`review` too).
  static var open: OptionKey<Bool> {
    .flag(
      "--open", "Open the address in the desktop's browser",
      help: "Also open the address with the desktop's opener (xdg-open, or open on macOS), "
        + "when there is one.")
  }
  static var check: OptionKey<Bool> {
    .flag(
      "--check", "Mark the frames that differ from their goldens",
      help: "Mark the frames that differ from their goldens, and show their differences.")
  }
  static var options: [CommandOption] { declarations(port, open, check) }
  static var operands: CommandOperands {
    CommandOperands(
      placeholders: ["script"], kind: .file(extensions: ["circles"]), noun: "one script",
      missing: "a script file", synopsis: "<script.circles>")
  }

  /// How often the script file is looked at (a `stat`, nothing read until it changes).
  static let interval = Duration.milliseconds(20)

  var scriptPath: String
  var port = 0
  var opens = false
  var checks = false

  init(_ arguments: ParsedArguments) throws(UsageError) {
    scriptPath = arguments.operands[0]
    port = try arguments[Self.port] ?? 0
    opens = try arguments[Self.open]
    checks = try arguments[Self.check]
  }

  func validate(in context: ToolContext) throws(UsageError) {
    if scriptPath == "-" {
      throw UsageError(
        "preview needs a script file, not standard input: it follows the file's saves")
    }
  }

  func run(in context: ToolContext) -> Int32 {
    let console = context.console
    let shownPath = DisplayText.escaped(scriptPath)
    let channel = PreviewChannel()
    let session = PreviewSession(
      scriptURL: context.url(for: scriptPath), displayName: shownPath, channel: channel)
    if checks { session.checker = PreviewChecker(script: context.url(for: scriptPath)) }
    let first = session.refresh()
    if let reason = first.unreadable {
      console.error(reason)
      return ExitCode.usage
    }
    let server: PreviewServer
    do {
      server = try PreviewServer(port: port, channel: channel)
    } catch {
      console.error(error.description)
      return ExitCode.usage
    }
    Self.serve(
      server, opens: opens, context: context,
      announce: { address in
        console.print("previewing \(shownPath) at \(address)")
        report(first, to: console)
      },
      until: { stopped in
        var skipFirst = true
        FileWatcher(url: context.url(for: scriptPath), interval: Self.interval).watch(
          until: stopped,
          onChange: { _ in
            // The first call is the file as it was read above.
            if skipFirst {
              skipFirst = false
              return
            }
            report(session.refresh(), to: console)
          })
      })
    return ExitCode.success
  }

  /// Serves a page until Ctrl-C, for `preview` and `review`: says where (`announce`), opens it
  /// with `--open`, runs `loop` until it is asked to stop, then stops the server and says so.
  ///
  /// Ctrl-C stops it from the moment it can be told where the page is: a signal sent as soon as
  /// the address is printed stops it as one sent later does.
  static func serve(
    _ server: PreviewServer, opens: Bool, context: ToolContext, announce: (String) -> Void,
    until loop: (_ stopped: () -> Bool) -> Void
  ) {
    let console = context.console
    let stopped = StopRequest()
    StopSignals.onInterrupt { stopped.request() }
    let address = "http://127.0.0.1:\(server.port)/"
    announce(address)
    console.printError("press Ctrl-C to stop")
    if opens, let note = BrowserOpener.open(address, path: context.environment["PATH"]) {
      console.note(note)
    }
    loop { stopped.isRequested }
    StopSignals.onInterrupt(nil)
    server.stop()
    console.printError("stopped serving \(address)")
  }

  /// One line for a round on standard output, and its diagnostic on standard error.
  private func report(_ round: PreviewRound, to console: Console) {
    if let reason = round.unreadable {
      console.error(reason)
      return
    }
    let states = Plural.count(round.states, "state")
    let kept = round.keptEarlier ? " of the last run that drew any" : ""
    let outcome = round.failure == nil ? "" : ", stopped at an error"
    let check = round.check.map { "; \($0.summary)" } ?? ""
    let seconds = Duration.formatted(seconds: round.seconds)
    console.print("page \(round.version): \(states)\(kept)\(outcome)\(check) (\(seconds))")
    if let failure = round.failure, let source = round.source {
      console.report(failure, source: source.bytes)
    }
  }
}

/// Whether Ctrl-C asked the preview (or the review) to stop, set from the signals' thread.
final class StopRequest: Sendable {
  private let requested = Locked(false)
  var isRequested: Bool { requested.withLock { $0 } }
  func request() { requested.withLock { $0 = true } }
}
