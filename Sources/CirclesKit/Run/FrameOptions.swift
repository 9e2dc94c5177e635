import CircleRender

/// How `circles run` turns frames into files.
public struct FrameOptions: Sendable {
  /// The file format of frames and how to make them. Each format names its file extension and
  /// how a canvas state becomes bytes.
  public enum Format: Sendable, Equatable {
    /// PNG through the renderer, with the given compression.
    case png(PNGCompression)
    /// SVG through Cairo's SVG surface: the canvas in points (`VectorRenderer`).
    case svg
    /// A one-page PDF through Cairo's PDF surface: the canvas in points (`VectorRenderer`).
    case pdf

    /// The format of a `FrameFormat` (as `--format` names it), PNG at the given compression.
    public init(_ format: FrameFormat, compression: PNGCompression = .default) {
      switch format {
      case .png: self = .png(compression)
      case .svg: self = .svg
      case .pdf: self = .pdf
      }
    }

    /// The extension of frame files, without the dot.
    public var fileExtension: String {
      switch self {
      case .png: "png"
      case .svg: "svg"
      case .pdf: "pdf"
      }
    }
  }

  /// The frame format; PNG at the default compression unless set.
  public var format: Format
  /// Whether frames are encoded and written on other threads while the next one is drawn.
  /// The files are the same either way.
  public var parallel: Bool

  /// Creates options.
  public init(format: Format = .png(.default), parallel: Bool = true) {
    self.format = format
    self.parallel = parallel
  }
}
