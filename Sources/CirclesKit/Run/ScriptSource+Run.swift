import CircleCanvas
import CircleScript

extension ScriptSource {
  /// Parses the script whole, then runs it against a new canvas with a host.
  ///
  /// - Returns: the canvas as the script left it, and the run error or failed `expect` that
  ///   stopped the script, if any.
  /// - Throws: the syntax errors, if the script has any: then nothing has run.
  func run(
    with host: ScriptHost
  ) throws(SyntaxErrors) -> (canvas: Canvas, failure: ScriptFailure?) {
    let script = try Script.parse(bytes, fileName: fileName)
    let interpreter = Interpreter(host: host)
    do {
      try interpreter.run(script)
      return (interpreter.canvas, nil)
    } catch {
      return (interpreter.canvas, error)
    }
  }
}
