// CircleSnapshotTesting: assertSnapshot for Swift Testing and XCTest tests of canvases.
