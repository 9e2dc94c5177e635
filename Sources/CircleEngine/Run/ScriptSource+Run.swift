import CircleCanvas
import CircleScript

extension ScriptSource {
  /// Parses the script whole, then runs it against a new canvas with a host.
  ///
  /// - Returns: the canvas as the script left it, and the run error or failed `expect` that
  ///   stopped the script, if any.
  /// - Throws: the syntax errors, if the script has any: then nothing has run.
  package func run(
    with host: ScriptHost
  ) throws(SyntaxErrors) -> (canvas: Canvas, failure: ScriptFailure?) {
    run(try parsed(), with: host)
  }

  /// The script parsed whole.
  ///
  /// - Throws: every syntax error of the script.
  package func parsed() throws(SyntaxErrors) -> Script {
    try Script.parse(bytes, fileName: fileName)
  }

  /// Runs a parsed script against a new canvas with a host.
  ///
  /// - Returns: the canvas as the script left it, and the run error or failed `expect` that
  ///   stopped the script, if any.
  package func run(_ script: Script, with host: ScriptHost) -> (
    canvas: Canvas, failure: ScriptFailure?
  ) {
    let interpreter = Interpreter(host: host)
    do {
      try interpreter.run(script)
      return (interpreter.canvas, nil)
    } catch {
      return (interpreter.canvas, error)
    }
  }
}
