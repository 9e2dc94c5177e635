import CircleSystem
import Foundation

/// Writes an animated PNG (APNG) frame by frame into a `StreamedFile`.
///
/// The file is a PNG whose default image is the first frame, followed by one `fcTL` chunk and
/// its `fdAT` data per later frame, each holding only the rectangle that changed, composited
/// over the frame before (`APNG_DISPOSE_OP_NONE`, `APNG_BLEND_OP_SOURCE`): a decoder rebuilds
/// every frame's pixels exactly. Programs that know only PNG show the first frame.
///
/// The frame count in `acTL` is written last, when the file is complete; each frame's chunks
/// wait until the next frame arrives, so the last frame can be given its own delay.
final class APNGWriter: AnimationEncoder {
  private let file: StreamedFile
  private let width: Int
  private let height: Int
  private let opaque: Bool
  private let settings: PNGEncoding
  private var sequence: UInt32 = 0
  private var frames: UInt32 = 0
  /// The latest frame's `fcTL` fields and data chunks, written when its delay is known.
  private var pending: (control: [UInt8], chunks: [[UInt8]])?

  /// Starts the file: signature, header and a provisional frame count.
  ///
  /// - Parameters:
  ///   - opaque: RGB when every frame is opaque, else RGBA.
  ///   - loops: times to play; 0 plays forever.
  init(
    file: StreamedFile, width: Int, height: Int, opaque: Bool, loops: Int = 0,
    settings: PNGEncoding = PNGCompression.default.settings
  ) throws(RenderError) {
    self.file = file
    self.width = width
    self.height = height
    self.opaque = opaque
    self.settings = settings
    var header = [UInt8]()
    Self.append(UInt32(width), to: &header)
    Self.append(UInt32(height), to: &header)
    header += [8, opaque ? 2 : 6, 0, 0, 0]
    self.loops = loops
    try append(PNGChunkWalk.signature)
    try append(Self.chunk("IHDR", header))
    try append(Self.chunk("acTL", Self.animationControl(frames: 0, loops: loops)))
  }

  private let loops: Int

  func add(_ rect: PixelRect, of picture: AnimationPicture, delay: Int) throws(RenderError) {
    try flush(delay: nil)
    let isFirst = frames == 0
    let area = isFirst ? picture.bounds : rect
    var control = [UInt8]()
    Self.append(UInt32(area.maxX - area.minX), to: &control)
    Self.append(UInt32(area.maxY - area.minY), to: &control)
    Self.append(UInt32(area.minX), to: &control)
    Self.append(UInt32(area.minY), to: &control)
    control += [UInt8(delay >> 8 & 0xFF), UInt8(delay & 0xFF), 0, 100, 0, 0]
    let bands = try PNGBands(
      picture.layout(of: area), settings: settings, previous: nil, opaque: opaque)
    let threads =
      bands.scanlines.count >= PNGWriter.parallelThreshold
      ? ProcessInfo.processInfo.activeProcessorCount : 1
    bands.compressOwnBands(threads: threads)
    let stream = try bands.zlibStream().bytes
    pending = (control, [stream.flatMap { $0 }])
    frames += 1
  }

  /// Writes the frame waiting for its delay, with `delay` (or the one it was given).
  private func flush(delay: Int?) throws(RenderError) {
    guard var (control, chunks) = pending else { return }
    pending = nil
    if let delay {
      control.replaceSubrange(16..<18, with: [UInt8(delay >> 8), UInt8(delay & 0xFF)])
    }
    var fields = [UInt8]()
    Self.append(sequence, to: &fields)
    sequence += 1
    try append(Self.chunk("fcTL", fields + control))
    let isFirst = sequence == 1
    for data in chunks {
      if isFirst {
        try append(Self.chunk("IDAT", data))
      } else {
        var numbered = [UInt8]()
        Self.append(sequence, to: &numbered)
        sequence += 1
        try append(Self.chunk("fdAT", numbered + data))
      }
    }
    chunks.removeAll()
  }

  func finish(lastDelay: Int) throws(RenderError) -> Int {
    try flush(delay: lastDelay)
    try append(Self.chunk("IEND", []))
    try RenderError.writing { () throws(FileError) in
      try file.overwrite(
        Self.chunk("acTL", Self.animationControl(frames: frames, loops: loops)),
        at: PNGChunkWalk.signature.count + 25)
      try file.commit()
    }
    return file.count
  }

  private func append(_ bytes: [UInt8]) throws(RenderError) {
    try RenderError.writing { () throws(FileError) in try file.append(bytes) }
  }

  private static func animationControl(frames: UInt32, loops: Int) -> [UInt8] {
    var data = [UInt8]()
    append(frames, to: &data)
    append(UInt32(loops), to: &data)
    return data
  }

  /// A whole chunk: length, type, data, CRC-32 of type and data.
  static func chunk(_ type: StaticString, _ data: [UInt8]) -> [UInt8] {
    PNGChunk.encode(type: PNGChunk.code(type), data: data)
  }

  static func append(_ value: UInt32, to bytes: inout [UInt8]) {
    PNGChunk.appendBigEndian(value, to: &bytes)
  }
}
