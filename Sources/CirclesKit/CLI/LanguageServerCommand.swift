import Foundation

/// `circles lsp`: the Language Server Protocol over standard input and output.
struct LanguageServerCommand: Subcommand {
  static let name = "lsp"
  static let summary = "Serve the Language Server Protocol on standard input and output."
  static let discussion = """
    Speaks the Language Server Protocol with an editor over standard input and output, for
    .circles files: diagnostics as 'circles run' reports them (every syntax error, else the
    first runtime error or failed 'expect' of a run in memory; no file is written) as the
    document is typed, completion of commands, colour names, circle ids, variables and
    functions, hover over a colour, a function or a circle, go to the definition of a circle
    or a variable, the document's circles, groups and loops, renaming a circle's id across
    the script, and formatting in the samples' layout (a script with syntax errors is not
    formatted). In a long document the run is cut off after a time budget, with a note where
    it stopped. Editors start it themselves; see docs/language-server.md.
    """
  static let epilogue = """
    Exit codes: 0 after 'shutdown' then 'exit', 1 on 'exit' without 'shutdown', at the end of
    the input, or when a message's header cannot be read.
    """
  static var options: [CommandOption] {
    []
  }
  static var operands: CommandOperands {
    CommandOperands.none
  }

  init(_ arguments: ParsedArguments) {}

  func run(in context: ToolContext) -> Int32 {
    let server = LanguageServer()
    var input = LSPFraming.standardInput()
    while server.exitCode == nil {
      let body: Data
      do {
        body = try input.next()
      } catch .end {
        return 1
      } catch .tooLarge(let length) {
        Self.write(LSPFraming.frame(server.refuse(length: length)))
        continue
      } catch {
        if case .badHeader(let reason) = error { context.console.error("lsp: \(reason)") }
        return 1
      }
      server.defersDiagnostics = input.hasMoreInput
      for reply in server.handle(body) { Self.write(LSPFraming.frame(reply)) }
    }
    return server.exitCode ?? 1
  }

  /// Writes all of `data` to standard output.
  static func write(_ data: Data) {
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}
