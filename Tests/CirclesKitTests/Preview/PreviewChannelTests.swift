import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

@Suite("The preview's channel of pages")
struct PreviewChannelTests {
  @Test("each page published is a new version; the current one is served")
  func versions() {
    let channel = PreviewChannel(page: Array("first".utf8))
    #expect(channel.current.version == 0)
    #expect(channel.current.page == Array("first".utf8))
    let version = channel.publish { Array("page \($0)".utf8) }
    #expect(version == 1)
    #expect(channel.current.version == 1)
    #expect(channel.current.page == Array("page 1".utf8))
    #expect(channel.publish { _ in [] } == 2)
  }

  @Test("a wait returns at once for a version not yet seen, and the same one after its timeout")
  func waitWithoutPublishing() async {
    let channel = PreviewChannel()
    channel.publish { _ in [] }
    #expect(channel.version(after: 0, timeout: .seconds(60)) == 1)
    let waited = await onThreadOfItsOwn {
      let start = ContinuousClock.now
      let version = channel.version(after: 1, timeout: .milliseconds(100))
      return (version, ContinuousClock.now - start)
    }
    #expect(waited.0 == 1)
    #expect(waited.1 >= .milliseconds(100))
  }

  @Test("a waiter wakes when a page is published, and for good when the channel closes")
  func wakes() async {
    let channel = PreviewChannel()
    async let woken = onThreadOfItsOwn { channel.version(after: 0, timeout: .seconds(120)) }
    // Published once the waiter is (very likely) waiting; either way it sees version 1.
    try? await Task.sleep(for: .milliseconds(50))
    channel.publish { _ in [] }
    #expect(await woken == 1)

    async let closed = onThreadOfItsOwn { channel.version(after: 1, timeout: .seconds(120)) }
    try? await Task.sleep(for: .milliseconds(50))
    channel.close()
    #expect(await closed == nil)
    #expect(channel.isClosed)
    #expect(channel.version(after: 0, timeout: .seconds(60)) == nil, "closed stays closed")
  }
}
