import CircleScript

extension ScriptSource {
  /// The script parsed whole.
  ///
  /// - Throws: every syntax error of the script.
  package func parsed() throws(SyntaxErrors) -> Script {
    try Script.parse(bytes, fileName: fileName)
  }
}
