@preconcurrency internal import CEditLine
import Foundation

/// Lines typed at a terminal, edited as in a shell by libedit (the BSD line editor, through its
/// readline-compatible interface).
///
/// Emacs keys: ← and →, Home and End (Ctrl-A, Ctrl-E), Ctrl-K (cut to the end), Ctrl-U (cut to
/// the start), Ctrl-W (cut the word before the cursor), Delete and Backspace; ↑ and ↓ walk the
/// history, Ctrl-R searches it; Tab completes with `completion`, listing the choices when there
/// are several. libedit keeps one editor per process, so there is at most one reader at a time.
package final class EditLineReader: LineReader {
  package let isInteractive = true
  package var completion: ((String) -> [String])? {
    get { EditLineState.completion }
    set { EditLineState.completion = newValue }
  }

  /// Keys bound beyond libedit's emacs defaults, so that they do what they do in a shell
  /// whatever the terminal sends.
  static let bindings = [
    "^R em-inc-search-prev", "^U vi-kill-line-prev", "^W ed-delete-prev-word",
    "'\\e[3~' ed-delete-next-char", "'\\e[H' ed-move-to-beg", "'\\e[F' ed-move-to-end",
    "'\\eOH' ed-move-to-beg", "'\\eOF' ed-move-to-end", "'\\e[1~' ed-move-to-beg",
    "'\\e[4~' ed-move-to-end", "'\\e[7~' ed-move-to-beg", "'\\e[8~' ed-move-to-end",
  ]

  /// The most lines kept in the editor's history.
  package static let historyLimit = 1000

  /// Sets up the editor on the process's standard input and output.
  ///
  /// - Returns: `nil` when libedit cannot work with the terminal.
  package init?() {
    rl_readline_name = UnsafePointer(EditLineState.name)
    // Keys come through `EditLineState.character`, which also sees Ctrl-C; libedit installs no
    // signal handler of its own.
    rl_catch_signals = 0
    rl_getc_function = { EditLineState.character(from: $0) }
    guard EditLineState.makeInterruptPipe(), rl_initialize() == 0 else { return nil }
    // While the reader lives, Ctrl-C cancels a line instead of ending the process.
    StopSignals.onInterrupt { EditLineState.interrupt() }
    for binding in Self.bindings { _ = rl_parse_and_bind("bind " + binding) }
    stifle_history(Int32(Self.historyLimit))
    rl_basic_word_break_characters = UnsafePointer(EditLineState.wordBreaks)
    rl_completer_word_break_characters = EditLineState.wordBreaks
    rl_attempted_completion_function = { text, start, end in
      EditLineState.complete(text, end: Int(end))
    }
  }

  /// Reads a line; Ctrl-C while it is typed ends it at once, to be dropped
  /// (`takeInterruption()`), and the next line starts afresh. Ctrl-C pressed between two reads
  /// (while an entry runs) cancels the next line as soon as it starts.
  package func readLine(prompt: String) -> String? {
    guard let line = CEditLine.readline(prompt) else { return nil }
    defer { free(line) }
    return String(cString: line)
  }

  package func takeInterruption() -> Bool {
    defer { EditLineState.interrupted = false }
    return EditLineState.interrupted
  }

  package func remember(_ line: String) {
    add_history(line)
  }

  deinit {
    StopSignals.onInterrupt(nil)
  }
}

/// What libedit's C callbacks reach: they cannot capture, so the completion and its choices
/// live here, used from the one thread that reads lines.
enum EditLineState {
  nonisolated(unsafe) static var completion: ((String) -> [String])?
  nonisolated(unsafe) static var choices: [String] = []
  nonisolated(unsafe) static var next = 0
  nonisolated(unsafe) static let name = strdup("circles")!
  nonisolated(unsafe) static let wordBreaks = strdup(" \t")!
  /// Whether Ctrl-C ended the line being read.
  nonisolated(unsafe) static var interrupted = false
  /// A pipe whose read end wakes `character(from:)` when Ctrl-C is pressed: the signal is
  /// taken on another thread, which writes a byte to it.
  nonisolated(unsafe) static var interruptPipe: (read: Int32, write: Int32) = (-1, -1)

  /// Opens `interruptPipe` once.
  static func makeInterruptPipe() -> Bool {
    guard interruptPipe.read < 0 else { return true }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return false }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    interruptPipe = (ends[0], ends[1])
    return true
  }

  /// Wakes the reader: called on the signal thread when Ctrl-C is pressed during a read.
  static func interrupt() {
    var byte: UInt8 = 3
    _ = write(interruptPipe.write, &byte, 1)
  }

  /// The next byte typed, for libedit (its `rl_getc_function`), or a line break that ends the
  /// line when Ctrl-C was pressed (`interrupted` tells the reader to drop it); -1 at the end of
  /// the input.
  static func character(from file: UnsafeMutablePointer<FILE>?) -> Int32 {
    let input = file.map { fileno($0) } ?? STDIN_FILENO
    var ready = [
      pollfd(fd: input, events: Int16(POLLIN), revents: 0),
      pollfd(fd: interruptPipe.read, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      if poll(&ready, 2, -1) < 0 {
        if errno == EINTR { continue }
        return -1
      }
      if ready[1].revents != 0 {
        var drained = [UInt8](repeating: 0, count: 16)
        while read(interruptPipe.read, &drained, drained.count) > 0 {}
        interrupted = true
        return 10
      }
      var byte: UInt8 = 0
      switch read(input, &byte, 1) {
      case 1: return Int32(byte)
      case 0: return -1
      default: if errno != EINTR && errno != EAGAIN { return -1 }
      }
    }
  }

  /// The completions of the word `text` that ends at `end` in the line being edited, as
  /// libedit wants them (the common part first, then each choice), or `nil` for none; libedit
  /// never falls back to completing file names.
  static func complete(
    _ text: UnsafePointer<CChar>?, end: Int
  ) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    rl_attempted_completion_over = 1
    guard let completion, let buffer = rl_line_buffer, let text else { return nil }
    let line = Array(String(cString: buffer).utf8.prefix(end))
    choices = completion(String(decoding: line, as: UTF8.self))
    next = 0
    guard !choices.isEmpty else { return nil }
    return rl_completion_matches(text) { _, state in
      if state == 0 { EditLineState.next = 0 }
      guard EditLineState.next < EditLineState.choices.count else { return nil }
      defer { EditLineState.next += 1 }
      return strdup(EditLineState.choices[EditLineState.next])
    }
  }
}
