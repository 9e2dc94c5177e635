import CirclesTestSupport
import Foundation
import Testing

@testable import CircleRender

extension SpngFile {
  /// libspng's pixels for a file, expecting circles' quick decoder and `PNGCodec` (and Cairo,
  /// unless `cairo` is false) to give exactly the same.
  ///
  /// - Parameter context: what the messages of a failure name: the case and the filter.
  @discardableResult
  static func expectDecodersAgree(
    _ data: Data, cairo: Bool = true, _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> PixelImage {
    let reference = try #require(decode(data), "\(context)", sourceLocation: sourceLocation)
    let quick = try #require(
      try PNGDecoder.decode(data), "\(context)", sourceLocation: sourceLocation)
    #expect(quick == reference, "\(context)", sourceLocation: sourceLocation)
    #expect(try PNGCodec.decode(data) == reference, "\(context)", sourceLocation: sourceLocation)
    if cairo {
      #expect(CairoPNG.decode(data) == reference, "\(context)", sourceLocation: sourceLocation)
    }
    return reference
  }
}
