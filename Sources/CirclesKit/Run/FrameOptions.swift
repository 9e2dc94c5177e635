import CircleRender
import Foundation

/// How `circles run` turns frames into files.
public struct FrameOptions: Sendable {
  /// The file format of frames and `render` targets; PNG unless set.
  public var format: FrameFormat
  /// For PNG frames, speed against size; `.default` unless set.
  public var compression: PNGCompression
  /// Whether frames are encoded and written on other threads while the next one is drawn.
  /// The files are the same either way.
  public var parallel: Bool

  /// Which frames are written as files; every one unless set.
  public var frames: FrameSelection = .all
  /// The animated image to write of the whole run, if any.
  public var animation: AnimationOptions?
  /// The contact sheet to write (a PNG), if any.
  public var sheet: URL?

  /// Creates options.
  public init(
    format: FrameFormat = .png, compression: PNGCompression = .default, parallel: Bool = true
  ) {
    self.format = format
    self.compression = compression
    self.parallel = parallel
  }
}
