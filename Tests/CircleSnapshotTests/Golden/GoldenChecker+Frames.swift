import CircleCanvas
import CircleRender
import Foundation

@testable import CircleSnapshot

/// The frames of a script checked all at once against its goldens, through a `GoldenSession`
/// as `circles check` does: what the golden tests feed frames in memory through.
extension GoldenChecker {
  /// One frame to check: its name without `.png`, its pixels and the scene it shows.
  typealias Frame = (name: String, image: PixelImage, state: CanvasState)

  /// Checks every frame of a script and every golden in its folder.
  ///
  /// - Parameters:
  ///   - script: the script's file; names the default golden folder and the artifacts subfolder.
  ///   - frames: the rendered frames in order.
  ///   - options: golden folder, record mode, prune, comparison and artifacts folder.
  /// - Returns: each frame's outcome in order, then orphan or pruned goldens by name.
  static func check(script: URL, frames: [Frame], options: CheckOptions = CheckOptions())
    -> ScriptResult
  {
    options.removingEmptyArtifactsFolder {
      checkFrames(script: script, frames: frames, options: options)
    }
  }

  private static func checkFrames(script: URL, frames: [Frame], options: CheckOptions)
    -> ScriptResult
  {
    let session: GoldenSession
    do {
      session = try GoldenSession(script: script, options: options)
    } catch {
      return failedResult(script: script, options: options, frames: frames, error: error)
    }
    let encode = options.comparison.diffing.toData
    for frame in frames {
      let index = session.add(name: frame.name, location: nil, scene: frame.state)
      do {
        session.encoded(index, png: try encode(frame.image))
      } catch {
        session.failed(index, error: "cannot encode frame '\(frame.name)': \(error)")
      }
    }
    return session.finish()
  }

  private static func failedResult(
    script: URL, options: CheckOptions, frames: [Frame], error: SnapshotError
  ) -> ScriptResult {
    let folder = options.goldenDirectory(forScript: script)
    return ScriptResult(
      script: script, goldenDirectory: folder,
      frames: frames.map {
        FrameResult(
          name: $0.name, status: .failed,
          golden: folder.appendingPathComponent($0.name + ".png"), error: error.description)
      }, failsOnOrphans: options.failsOnOrphans)
  }

}
