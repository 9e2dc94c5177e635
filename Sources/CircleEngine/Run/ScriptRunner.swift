import CircleCanvas
import CircleRender
import CircleScript
import CircleSystem
import Foundation

/// Runs drawing scripts and writes every frame as a PNG.
package enum ScriptRunner {
  /// Parses a script whole, then runs it, writing `<frame>.png` for every state into a folder
  /// (or only the last, or none, as `options.frames` says), and the animation and contact sheet
  /// that `options` asks for, made from the same pictures.
  ///
  /// A syntax error stops before anything is written (the folder is not even created). Then
  /// the folder is opened as a `FrameFolder`: locked, so that another run into it waits for
  /// this one; written beneath only; and, at the end, cleared of the frames of the earlier run
  /// that this one did not write again, by the manifest kept there. A run error or failed
  /// `expect` stops the script where it happens; frames written before it stay, each one
  /// whole. A frame that cannot be written is reported at the command that made it, although
  /// it is written while later commands run.
  ///
  /// The animation and the contact sheet are made from the pictures the run draws, as it
  /// draws them; they are written at the end, also after a run error or failed `expect`.
  ///
  /// - Parameters:
  ///   - source: the script.
  ///   - outputDirectory: where frames and `render` files go; created when missing.
  ///   - displayPath: how messages name the folder (as the user typed it); its path unless
  ///     given.
  ///   - options: the frame format, which frames to write, whether frames are written beside
  ///     the drawing, the animation and the sheet.
  ///   - whenBusy: called with a line to show when another run holds the folder, before
  ///     waiting for it.
  /// - Returns: the frames and files written, and the failure that stopped the script, if any;
  ///   an animation or sheet that could not be written is in `outputProblems`.
  /// - Throws: `RunError.script` for syntax errors (nothing has been written then);
  ///   `RunError.cannotWrite` when the folder, its lock or its manifest cannot be written, the
  ///   animation cannot be created, or the animation or sheet would overwrite the other or a
  ///   frame (``RunOptions/conflict(outputDirectory:)``; then nothing has run).
  package static func run(
    _ source: ScriptSource, outputDirectory: URL, displayPath: String? = nil,
    options: RunOptions = RunOptions(), whenBusy: (String) -> Void = { _ in }
  ) throws(RunError) -> RunResult {
    let script: Script
    do {
      script = try source.parsed()
    } catch {
      throw .script(.syntax(error))
    }
    if let conflict = options.conflict(outputDirectory: outputDirectory),
      let url = options.url(of: conflict.output)
    {
      throw .cannotWrite(path: url.path, reason: conflict.reason)
    }
    let animation = try RunOutputs.animation(for: options)
    let folderExisted = FolderHandle.status(atPath: outputDirectory.path) != nil
    let folder: FrameFolder
    do {
      folder = try FrameFolder(
        opening: outputDirectory, displayPath: displayPath ?? outputDirectory.path,
        whenBusy: whenBusy)
    } catch {
      animation?.discard()
      throw error
    }
    let writer = FrameWriter(folder: folder, options: options)
    let outputs = RunOutputs(writer: writer, options: options, animation: animation)
    let engine = FrameEngine(options: RunOutputs.engineOptions(for: options), consumer: outputs)
    let (canvas, stopped) = engine.run(script)
    // With `--frames last`, the one frame is written now that the script has ended.
    let lastFrameFailure = outputs.writeLastFrame(on: engine)
    // The sheet and the animation are drawn and written while the last frames are stored.
    let made = outputs.finish()
    // Frames are written on other threads: an error is known late, and belongs earlier, at
    // the frame that could not be written or the `render` whose file a later frame wanted.
    let late = writer.finish() ?? lastFrameFailure ?? writer.clash
    let failure = late?.failure ?? stopped
    do {
      try folder.finish()
    } catch {
      if failure == nil { throw error }
    }
    if options.frames == .none, !folderExisted, writer.renders.isEmpty {
      RunOutputs.removeUnusedFolder(outputDirectory)
    }
    return RunResult(
      frames: writer.frames, renders: writer.renders, failure: failure,
      circleCount: late?.circleCount ?? canvas.circles.count, animation: made.animation,
      sheet: made.sheet,
      outputProblems: made.problems, setAside: folder.setAside)
  }
}
