import CircleRender
import Foundation

/// The animated image of a run (`--animation`, `--frame-delay`, `--highlight-changes`).
package struct AnimationOptions: Sendable {
  /// The file to write; its extension chooses the format (`.png` or `.apng`: APNG, `.gif`).
  package var url: URL
  /// The format, from the extension.
  package var format: AnimationFormat
  /// Seconds each state is shown, rounded to hundredths.
  package var frameDelay: Double
  /// Whether undo and redo frames outline the region that changed.
  package var highlightsChanges: Bool

  /// Half a second a state.
  package static let defaultFrameDelay = 0.5
  /// The shortest and longest delay a frame can have, in seconds.
  package static let frameDelays = 0.01...60.0
  /// How many times longer the last state is shown than the others (at least 2 seconds).
  package static let lastFrameFactor = 4

  /// Creates options; `nil` when the file's extension names no animation format.
  package init?(
    url: URL, frameDelay: Double = defaultFrameDelay, highlightsChanges: Bool = false
  ) {
    guard let format = AnimationFormat(fileExtensionOf: url) else { return nil }
    self.url = url
    self.format = format
    self.frameDelay = frameDelay
    self.highlightsChanges = highlightsChanges
  }

  /// The delay of every frame but the last, in hundredths of a second.
  package var delay: Int {
    Int(
      (min(Self.frameDelays.upperBound, max(Self.frameDelays.lowerBound, frameDelay)) * 100)
        .rounded())
  }

  /// The delay of the last frame, in hundredths of a second: four times the others, and at
  /// least two seconds.
  package var lastDelay: Int { max(200, delay * Self.lastFrameFactor) }
}
