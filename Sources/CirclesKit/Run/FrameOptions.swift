import CircleRender

/// How `circles run` turns frames into files.
public struct FrameOptions: Sendable {
  /// The file format of frames and `render` targets; PNG unless set.
  public var format: FrameFormat
  /// For PNG frames, speed against size; `.default` unless set.
  public var compression: PNGCompression
  /// Whether frames are encoded and written on other threads while the next one is drawn.
  /// The files are the same either way.
  public var parallel: Bool

  /// Creates options.
  public init(
    format: FrameFormat = .png, compression: PNGCompression = .default, parallel: Bool = true
  ) {
    self.format = format
    self.compression = compression
    self.parallel = parallel
  }
}
