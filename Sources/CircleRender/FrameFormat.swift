import CircleCanvas
import Foundation

/// The file format of frames and `render` targets: PNG pixels, or SVG or PDF vectors.
///
/// The one name of a format everywhere: `--format` on the command line, `RunOptions` and the
/// watch refresher in CirclesKit, and the encoders here.
public enum FrameFormat: String, CaseIterable, Sendable {
  /// A PNG image of `width × scale` by `height × scale` pixels.
  case png
  /// An SVG document of `width × height` points.
  case svg
  /// A one-page PDF document of `width × height` points.
  case pdf

  /// The file name extension, without the dot.
  public var fileExtension: String { rawValue }

  /// The format a file name's extension names, if it names one (case-insensitive).
  public init?(fileExtensionOf url: URL) {
    self.init(rawValue: url.pathExtension.lowercased())
  }

  /// The bytes of a state's file in this format.
  ///
  /// - Parameters:
  ///   - compression: for PNG, speed against size.
  ///   - image: renders the state's pixels, for PNG (a cache may answer).
  /// - Throws: `RenderError` when the state cannot be drawn.
  public func encode(
    _ state: CanvasState, compression: PNGCompression = .default,
    image: (CanvasState) throws(RenderError) -> PixelImage = { state throws(RenderError) in
      try Renderer.render(state)
    }
  ) throws(RenderError) -> Data {
    switch self {
    case .png: try PNGWriter.encode(try image(state), compression: compression)
    case .svg: try VectorRenderer.svg(state)
    case .pdf: try VectorRenderer.pdf(pages: [state])
    }
  }
}
