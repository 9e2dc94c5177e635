/// What takes the states a ``FrameEngine`` reaches: `run`'s frame files, animation and sheet,
/// `check`'s goldens, the viewer's pictures, the history, the REPL, the watch refresher and the
/// language server's deadline.
package protocol FrameConsumer: AnyObject {
  /// A new state of the script: frame 0 is the start, then one per changing command.
  ///
  /// - Throws: any error; the script stops with it at the command that made the frame
  ///   (`cannot write frame '<name>': <error>`).
  func consume(_ frame: EngineFrame) throws

  /// A `render` command of the script.
  ///
  /// - Throws: any error; the script stops with it at the `render`'s path
  ///   (`cannot render '<path>': <error>`).
  func consume(_ render: EngineRender) throws

  /// Called before the engine reads a pixel for `expect pixel`.
  ///
  /// - Throws: any error; the script stops with it at the `expect`.
  func willReadPixel() throws
}

extension FrameConsumer {
  /// Called before the engine reads a pixel for `expect pixel`: a consumer that bounds a run
  /// (the language server's deadline) stops it here by throwing; by default nothing happens.
  ///
  /// - Throws: any error; the script stops with it at the `expect`.
  package func willReadPixel() throws {}
}
