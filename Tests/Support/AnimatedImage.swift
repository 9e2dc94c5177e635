import CGif
import CircleCanvas
import CircleRender
import Foundation

/// An animated image read back frame by frame, each frame composed whole as a viewer shows it.
public struct AnimatedImage {
  /// One frame: the whole picture after it is drawn, the rectangle it stored, its delay.
  public struct Frame {
    /// The picture as shown (premultiplied ARGB32).
    public var image: PixelImage
    /// The part of the picture the frame stored.
    public var rect: PixelRect
    /// Hundredths of a second.
    public var delay: Int
  }

  /// The frames in order.
  public var frames: [Frame]
  /// Times to play; 0 is forever.
  public var loops: Int

  public struct Problem: Error, CustomStringConvertible {
    public var description: String
  }

  /// Reads an APNG: the default image is the first frame, each `fcTL` then places its `fdAT`
  /// data (decoded as a PNG of the frame's size) over the frame before. Only what circles
  /// writes is supported: no disposal, source blending.
  public static func readAPNG(_ data: Data) throws -> AnimatedImage {
    let bytes = [UInt8](data)
    guard PNGChunkWalk.hasSignature(bytes) else { throw Problem(description: "not a PNG") }
    func number(_ at: Int) -> Int {
      bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    var offset = 8
    var header: [UInt8] = []
    var declared = -1
    var loops = 0
    var controls: [(rect: PixelRect, delay: Int, data: [UInt8])] = []
    var sequence = 0
    while offset + 12 <= bytes.count {
      let length = number(offset)
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      let body = Array(bytes[offset + 8..<offset + 8 + length])
      offset += 12 + length
      switch type {
      case "IHDR": header = body
      case "acTL":
        declared = number(offset - 12 - length + 8)
        loops = number(offset - 12 - length + 12)
      case "fcTL":
        guard number(offset - length - 4) == sequence else {
          throw Problem(description: "fcTL out of sequence")
        }
        sequence += 1
        let at = offset - length - 4
        let rect = PixelRect(
          minX: number(at + 12), minY: number(at + 16), maxX: number(at + 12) + number(at + 4),
          maxY: number(at + 16) + number(at + 8))
        let numerator = Int(body[20]) << 8 | Int(body[21])
        let denominator = Int(body[22]) << 8 | Int(body[23])
        guard body[24] == 0, body[25] == 0 else { throw Problem(description: "unsupported ops") }
        controls.append((rect, numerator * 100 / max(1, denominator), []))
      case "IDAT":
        guard controls.count == 1 else { throw Problem(description: "IDAT outside frame 0") }
        controls[0].data += body
      case "fdAT":
        guard number(offset - length - 4) == sequence else {
          throw Problem(description: "fdAT out of sequence")
        }
        sequence += 1
        controls[controls.count - 1].data += body[4...]
      default: break
      }
    }
    guard declared == controls.count else {
      throw Problem(description: "acTL says \(declared) frames, found \(controls.count)")
    }
    let width = Int(header[0..<4].reduce(0) { $0 << 8 | UInt32($1) })
    let height = Int(header[4..<8].reduce(0) { $0 << 8 | UInt32($1) })
    var canvas = PixelImage(width: width, height: height, filledWith: .none)
    var frames: [Frame] = []
    for control in controls {
      let part = try PNGCodec.decode(png(header: header, rect: control.rect, data: control.data))
      for y in 0..<part.height {
        for x in 0..<part.width {
          canvas.pixels[(control.rect.minY + y) * width + control.rect.minX + x] =
            part.pixels[y * part.width + x]
        }
      }
      frames.append(Frame(image: canvas, rect: control.rect, delay: control.delay))
    }
    return AnimatedImage(frames: frames, loops: loops)
  }

  /// A PNG file of one frame's data, with the animation's header at the frame's size.
  private static func png(header: [UInt8], rect: PixelRect, data: [UInt8]) -> Data {
    var ihdr = header
    func be(_ value: Int) -> [UInt8] {
      [
        UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
        UInt8(value & 0xFF),
      ]
    }
    ihdr.replaceSubrange(0..<8, with: be(rect.maxX - rect.minX) + be(rect.maxY - rect.minY))
    func chunk(_ type: StaticString, _ body: [UInt8]) -> [UInt8] {
      PNGChunk.encode(type: PNGChunk.code(type), data: body)
    }
    return Data(
      PNGChunkWalk.signature + chunk("IHDR", ihdr) + chunk("IDAT", data)
        + chunk("IEND", []))
  }

  /// Reads a GIF with giflib, composing each frame over the one before as its disposal says.
  public static func readGIF(_ data: Data) throws -> AnimatedImage {
    final class Input {
      let bytes: [UInt8]
      var offset = 0
      init(_ bytes: [UInt8]) { self.bytes = bytes }
    }
    let input = Input([UInt8](data))
    var error: Int32 = 0
    let read: InputFunc = { gif, buffer, count in
      guard let gif, let buffer else { return 0 }
      let input = Unmanaged<Input>.fromOpaque(gif.pointee.UserData).takeUnretainedValue()
      let taken = min(Int(count), input.bytes.count - input.offset)
      for index in 0..<taken { buffer[index] = input.bytes[input.offset + index] }
      input.offset += taken
      return Int32(taken)
    }
    guard let gif = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), read, &error) else {
      throw Problem(description: "giflib cannot open: \(error)")
    }
    defer { DGifCloseFile(gif, nil) }
    guard DGifSlurp(gif) == GIF_OK else { throw Problem(description: "giflib cannot read") }
    let width = Int(gif.pointee.SWidth)
    let height = Int(gif.pointee.SHeight)
    var canvas = PixelImage(width: width, height: height, filledWith: .none)
    var frames: [Frame] = []
    var loops = -1
    for index in 0..<Int(gif.pointee.ImageCount) {
      let saved = gif.pointee.SavedImages[index]
      var control = GraphicsControlBlock()
      DGifSavedExtensionToGCB(gif, Int32(index), &control)
      for block in 0..<Int(saved.ExtensionBlockCount) where loops < 0 {
        let ext = saved.ExtensionBlocks[block]
        if ext.Function == APPLICATION_EXT_FUNC_CODE, ext.ByteCount == 11,
          block + 1 < Int(saved.ExtensionBlockCount)
        {
          let sub = saved.ExtensionBlocks[block + 1]
          loops = Int(sub.Bytes[1]) | Int(sub.Bytes[2]) << 8
        }
      }
      let desc = saved.ImageDesc
      guard let map = desc.ColorMap ?? gif.pointee.SColorMap else {
        throw Problem(description: "frame \(index) has no palette")
      }
      let rect = PixelRect(
        minX: Int(desc.Left), minY: Int(desc.Top), maxX: Int(desc.Left + desc.Width),
        maxY: Int(desc.Top + desc.Height))
      let before = canvas
      for y in 0..<Int(desc.Height) {
        for x in 0..<Int(desc.Width) {
          let value = Int(saved.RasterBits[y * Int(desc.Width) + x])
          if value == Int(control.TransparentColor) { continue }
          let colour = map.pointee.Colors[value]
          canvas.pixels[(rect.minY + y) * width + rect.minX + x] = PixelImage.premultiplied(
            Colour(red: colour.Red, green: colour.Green, blue: colour.Blue))
        }
      }
      frames.append(Frame(image: canvas, rect: rect, delay: Int(control.DelayTime)))
      switch control.DisposalMode {
      case DISPOSE_BACKGROUND:
        for y in rect.minY..<rect.maxY {
          for x in rect.minX..<rect.maxX { canvas.pixels[y * width + x] = 0 }
        }
      case DISPOSE_PREVIOUS: canvas = before
      default: break
      }
    }
    return AnimatedImage(frames: frames, loops: max(0, loops))
  }
}

extension AnimatedImage {
  /// The largest and the mean difference of a channel between the frames shown and the
  /// pictures they stand for, over the pixels the pictures show at least half opaque.
  ///
  /// - Returns: `(largest, mean, transparencyMismatches)`: the last counts pixels that are
  ///   transparent in one and not under half opaque in the other.
  public func colourError(against pictures: [PixelImage]) -> (
    largest: Int, mean: Double, transparencyMismatches: Int
  ) {
    var largest = 0
    var total = 0
    var count = 0
    var mismatches = 0
    for (frame, picture) in zip(frames, pictures) {
      for (shown, drawn) in zip(frame.image.pixels, picture.pixels) {
        let a = PixelImage.straight(shown)
        let b = PixelImage.straight(drawn)
        if (a.alpha == 0) != (b.alpha < 128) { mismatches += 1 }
        guard b.alpha >= 128 else { continue }
        let error = max(
          abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
          abs(Int(a.blue) - Int(b.blue)))
        largest = max(largest, error)
        total += error
        count += 1
      }
    }
    return (largest, Double(total) / Double(max(1, count)), mismatches)
  }
}
