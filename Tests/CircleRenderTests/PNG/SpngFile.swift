import CSpng
import CZlib
import Foundation

@testable import CircleRender

/// PNG files written by libspng's encoder, and what libspng and Cairo make of any file: the
/// references circles' decoders are checked against, none of them circles' own code.
enum SpngFile {
  /// The row filter libspng's encoder is told to use (`adaptive` lets it choose per row).
  enum Filter: CaseIterable, CustomStringConvertible {
    case none, sub, up, average, paeth, adaptive

    var choice: Int32 {
      switch self {
      case .none: Int32(SPNG_FILTER_CHOICE_NONE.rawValue)
      case .sub: Int32(SPNG_FILTER_CHOICE_SUB.rawValue)
      case .up: Int32(SPNG_FILTER_CHOICE_UP.rawValue)
      case .average: Int32(SPNG_FILTER_CHOICE_AVG.rawValue)
      case .paeth: Int32(SPNG_FILTER_CHOICE_PAETH.rawValue)
      case .adaptive: Int32(SPNG_FILTER_CHOICE_ALL.rawValue)
      }
    }

    /// The filter type byte rows get, or nil when libspng chooses.
    var type: UInt8? {
      switch self {
      case .none: 0
      case .sub: 1
      case .up: 2
      case .average: 3
      case .paeth: 4
      case .adaptive: nil
      }
    }

    var description: String { "\(self.type.map { "filter \($0)" } ?? "adaptive filters")" }
  }

  /// What the `tRNS` chunk holds.
  enum Transparency: Equatable {
    case grey(UInt16)
    case rgb(UInt16, UInt16, UInt16)
    case alphas([UInt8])
  }

  struct EncodeError: Error, CustomStringConvertible {
    var status: Int32
    var description: String { String(cString: spng_strerror(status)) }
  }

  /// A PNG file of `samples` (rows of PNG samples, 16-bit ones big-endian, packed bits as the
  /// PNG specification packs them) written by libspng.
  static func encode(
    width: Int, height: Int, colourType: UInt8, bitDepth: UInt8 = 8, interlaced: Bool = false,
    samples: [UInt8], palette: [(UInt8, UInt8, UInt8)] = [], transparency: Transparency? = nil,
    filter: Filter = .adaptive
  ) throws -> Data {
    guard let context = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else {
      throw EncodeError(status: -1)
    }
    defer { spng_ctx_free(context) }
    func check(_ status: Int32) throws { if status != 0 { throw EncodeError(status: status) } }
    try check(spng_set_option(context, SPNG_ENCODE_TO_BUFFER, 1))
    try check(spng_set_option(context, SPNG_FILTER_CHOICE, filter.choice))
    var header = spng_ihdr(
      width: UInt32(width), height: UInt32(height), bit_depth: bitDepth, color_type: colourType,
      compression_method: 0, filter_method: 0, interlace_method: interlaced ? 1 : 0)
    try check(spng_set_ihdr(context, &header))
    if !palette.isEmpty {
      var plte = spng_plte()
      plte.n_entries = UInt32(palette.count)
      withUnsafeMutableBytes(of: &plte.entries) { entries in
        for (index, colour) in palette.enumerated() {
          entries[4 * index] = colour.0
          entries[4 * index + 1] = colour.1
          entries[4 * index + 2] = colour.2
        }
      }
      try check(spng_set_plte(context, &plte))
    }
    if let transparency {
      var trns = spng_trns()
      switch transparency {
      case .grey(let grey): trns.gray = grey
      case .rgb(let red, let green, let blue):
        (trns.red, trns.green, trns.blue) = (red, green, blue)
      case .alphas(let alphas):
        trns.n_type3_entries = UInt32(alphas.count)
        withUnsafeMutableBytes(of: &trns.type3_alpha) { $0.copyBytes(from: alphas) }
      }
      try check(spng_set_trns(context, &trns))
    }
    // libspng takes 16-bit samples in the host's byte order.
    var image = samples
    if bitDepth == 16 {
      for index in stride(from: 0, to: image.count - 1, by: 2) { image.swapAt(index, index + 1) }
    }
    try check(
      spng_encode_image(
        context, image, image.count, Int32(SPNG_FMT_PNG.rawValue),
        Int32(SPNG_ENCODE_FINALIZE.rawValue)))
    var length = 0
    var status: Int32 = 0
    guard let buffer = spng_get_png_buffer(context, &length, &status) else {
      throw EncodeError(status: status)
    }
    defer { free(buffer) }
    return Data(bytes: buffer, count: length)
  }

  /// libspng's decoding of a file, 8-bit RGBA with its transparency applied, premultiplied
  /// here with rounding to the nearest (the same as Cairo's, by another formula); nil when
  /// libspng refuses the file.
  static func decode(_ data: Data) -> PixelImage? {
    guard let context = spng_ctx_new(0) else { return nil }
    defer { spng_ctx_free(context) }
    return data.withUnsafeBytes { bytes -> PixelImage? in
      var header = spng_ihdr()
      var size = 0
      let format = Int32(SPNG_FMT_RGBA8.rawValue)
      guard spng_set_png_buffer(context, bytes.baseAddress, bytes.count) == 0,
        spng_get_ihdr(context, &header) == 0,
        spng_decoded_image_size(context, format, &size) == 0
      else { return nil }
      var rgba = [UInt8](repeating: 0, count: size)
      guard
        spng_decode_image(context, &rgba, size, format, Int32(SPNG_DECODE_TRNS.rawValue)) == 0
      else { return nil }
      let pixels = (0..<size / 4).map { index -> UInt32 in
        let alpha = UInt32(rgba[4 * index + 3])
        func scaled(_ offset: Int) -> UInt32 {
          (UInt32(rgba[4 * index + offset]) * alpha + 127) / 255
        }
        return alpha << 24 | scaled(0) << 16 | scaled(1) << 8 | scaled(2)
      }
      return PixelImage(width: Int(header.width), height: Int(header.height), pixels: pixels)
    }
  }

  /// The filter type of every row of a file that is not interlaced, read from its inflated
  /// image data.
  static func filterTypes(of data: Data, rowBytes: Int, height: Int) -> [UInt8] {
    var stream = Data()
    var offset = 8
    let bytes = [UInt8](data)
    while offset + 8 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      if type == "IDAT" { stream.append(contentsOf: bytes[offset + 8..<offset + 8 + length]) }
      offset += 12 + length
    }
    var raw = [UInt8](repeating: 0, count: rowBytes * height)
    var size = uLongf(raw.count)
    let status = stream.withUnsafeBytes { input in
      uncompress(&raw, &size, input.bindMemory(to: Bytef.self).baseAddress, uLong(input.count))
    }
    guard status == Z_OK else { return [] }
    return (0..<height).map { raw[$0 * rowBytes] }
  }
}

extension Data {
  /// The file with a chunk's data replaced (or a chunk inserted before the first chunk of
  /// type `before`), its length and checksum made right.
  func replacingChunk(_ type: String, with body: Data, before: String = "IDAT") -> Data {
    var result = prefix(8)
    var offset = startIndex + 8
    var done = false
    while offset + 8 <= endIndex {
      let length = self[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let name = String(decoding: self[offset + 4..<offset + 8], as: UTF8.self)
      let whole = self[offset..<offset + 12 + length]
      if name == type {
        result.append(chunk: type, body)
        done = true
      } else {
        if name == before, !done {
          result.append(chunk: type, body)
          done = true
        }
        result.append(whole)
      }
      offset += 12 + length
    }
    return result
  }
}
