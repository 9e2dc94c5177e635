@preconcurrency import CEditLine
import Foundation

/// Lines typed at a terminal, edited as in a shell by libedit (the BSD line editor, through its
/// readline-compatible interface).
///
/// Emacs keys: ← and →, Home and End (Ctrl-A, Ctrl-E), Ctrl-K (cut to the end), Ctrl-U (cut to
/// the start), Ctrl-W (cut the word before the cursor), Delete and Backspace; ↑ and ↓ walk the
/// history, Ctrl-R searches it; Tab completes with `completion`, listing the choices when there
/// are several. libedit keeps one editor per process, so there is at most one reader at a time.
public final class EditLineReader: LineReader {
  public let isInteractive = true
  public var completion: ((String) -> [String])? {
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
  public static let historyLimit = 1000

  /// Sets up the editor on the process's standard input and output.
  ///
  /// - Returns: `nil` when libedit cannot work with the terminal.
  public init?() {
    rl_readline_name = UnsafePointer(EditLineState.name)
    guard rl_initialize() == 0 else { return nil }
    for binding in Self.bindings { _ = rl_parse_and_bind("bind " + binding) }
    stifle_history(Int32(Self.historyLimit))
    rl_basic_word_break_characters = UnsafePointer(EditLineState.wordBreaks)
    rl_completer_word_break_characters = EditLineState.wordBreaks
    rl_attempted_completion_function = { text, start, end in
      EditLineState.complete(text, end: Int(end))
    }
  }

  public func readLine(prompt: String) -> String? {
    guard let line = CEditLine.readline(prompt) else { return nil }
    defer { free(line) }
    return String(cString: line)
  }

  public func remember(_ line: String) {
    add_history(line)
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
