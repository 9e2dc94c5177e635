import CircleCanvas
import Testing

@testable import CircleRender

@Suite("Scanline memory handed from frame to frame")
struct ScanlinePoolTests {
  @Test("a sequence encoded frame by frame fills the same few buffers")
  func sequenceReuses() throws {
    var states = RandomStates(seed: 41, width: 160, height: 120, background: .white)
    let renderer = IncrementalRenderer()
    let encoder = PNGSequenceEncoder()
    for _ in 0..<40 {
      let state = states.next()
      try renderer.update(to: state)
      let data = try encoder.prepare(renderer).encode()
      #expect(data == (try PNGWriter.encode(Renderer.render(state))))
    }
    // One buffer for the frame being made, one for the frame before it, one spare.
    #expect((1...3).contains(encoder.pool.allocations), "\(encoder.pool.allocations) buffers")
  }

  @Test("buffers come back up to the pool's capacity, and only while they fit")
  func capacityAndSize() {
    let pool = ScanlinePool(capacity: 4)
    var held = (0..<10).map { _ in Scanlines(count: 1000, from: pool) }
    #expect(pool.allocations == 10)
    held.removeAll()
    held = (0..<10).map { _ in Scanlines(count: 1000, from: pool) }
    #expect(pool.allocations == 16, "four spares were kept and reused")
    held.removeAll()
    // Another picture size: the spares no longer fit and are let go.
    held = [Scanlines(count: 2000, from: pool)]
    #expect(pool.allocations == 17)
    #expect(held[0].count == 2000)
  }
}
