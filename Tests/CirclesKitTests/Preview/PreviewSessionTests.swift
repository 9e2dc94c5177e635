import CircleEngine
import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

@Suite("The preview's session: a page for each save")
struct PreviewSessionTests {
  static let script = """
    canvas 40x30
    add sun at 10,10 radius 5 fill gold
    move sun by 5,0
    set sun fill red

    """

  func session(_ folder: TemporaryFolder) -> (PreviewSession, PreviewChannel) {
    let channel = PreviewChannel()
    let session = PreviewSession(
      scriptURL: folder.url.appendingPathComponent("s.circles"), displayName: "s.circles",
      channel: channel)
    return (session, channel)
  }

  func page(_ channel: PreviewChannel) -> String {
    String(decoding: channel.current.page, as: UTF8.self)
  }

  @Test("a good script's page is the viewer's, with its version and the live script")
  func goodScript() throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "s.circles")
    let (session, channel) = session(folder)
    let round = session.refresh()
    #expect(round.states == 4)
    #expect(round.failure == nil)
    #expect(!round.keptEarlier)
    #expect(round.version == 1)
    let html = page(channel)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("<title>s.circles — circles view</title>"))
    #expect(html.contains("const VERSION = 1,"))
    #expect(html.contains("new EventSource('/events')"))
    #expect(html.contains("connect-src &#39;self&#39;"), "the page may reach its own server")
    #expect(!html.contains("class=\"diagnostic\""))
    // The viewer's own page, written by `circles view`, stays closed to the network.
    let viewer = HistoryViewer.page(
      for: try HistoryViewer.record(
        ScriptSource(bytes: Array(Self.script.utf8), fileName: "s.circles")))
    #expect(!viewer.contains("connect-src"))
    #expect(!viewer.contains("EventSource"))
  }

  @Test("a syntax error shows its diagnostic beside the pictures of the run before")
  func syntaxErrorKeepsPictures() throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "s.circles")
    let (session, channel) = session(folder)
    session.refresh()
    let before = page(channel)
    try folder.save(Self.script + "add at 5,5 radius\n", to: "s.circles")
    let round = session.refresh()
    #expect(round.version == 2)
    #expect(round.states == 4, "the pictures of the last good run")
    #expect(round.keptEarlier)
    let html = page(channel)
    #expect(
      html.contains(
        "class=\"diagnostic\" role=\"alert\">s.circles:5:18: error: expected a radius after "
          + "&#39;radius&#39;\nadd at 5,5 radius\n                 ^"))
    #expect(html.contains("<li id=\"L5\" class=\"error\">"))
    // The same pictures and states as before.
    func data(_ html: String) -> NSDictionary? {
      guard let start = html.range(of: "id=\"history\">"),
        let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex)
      else { return nil }
      let json = Data(html[start.upperBound..<end.lowerBound].utf8)
      return (try? JSONSerialization.jsonObject(with: json)) as? NSDictionary
    }
    #expect(data(html) != nil)
    #expect(data(html) == data(before))

    try folder.save(Self.script, to: "s.circles")
    let fixed = session.refresh()
    #expect(fixed.failure == nil)
    #expect(!fixed.keptEarlier)
    #expect(!page(channel).contains("class=\"diagnostic\""))
  }

  @Test("a run error shows the states before it, and a first run that fails shows none")
  func runErrors() throws {
    let folder = try TemporaryFolder()
    try folder.write("canvas 40x30\nadd a at 5,5 radius 2\nremove moon\n", to: "s.circles")
    let (session, channel) = session(folder)
    let round = session.refresh()
    #expect(round.states == 2)
    #expect(!round.keptEarlier)
    #expect(round.failure?.diagnostic.message == "no circle named 'moon'")
    #expect(
      page(channel).contains(
        "s.circles:3:8: error: no circle named &#39;moon&#39;\nremove moon\n       ^~~~"))

    let other = try TemporaryFolder()
    try other.write("add at 5,5 radius\n", to: "s.circles")
    let (first, _) = self.session(other)
    let failed = first.refresh()
    #expect(failed.states == 0)
    #expect(!failed.keptEarlier, "nothing earlier to keep")
    #expect(failed.failure != nil)
  }

  @Test("a script that cannot be read leaves the page as it was")
  func unreadable() throws {
    let folder = try TemporaryFolder()
    let (session, channel) = session(folder)
    let round = session.refresh()
    #expect(round.unreadable?.contains("s.circles") == true, "\(round.unreadable ?? "")")
    #expect(round.version == 0)
    #expect(channel.current.page.isEmpty)
  }
}
