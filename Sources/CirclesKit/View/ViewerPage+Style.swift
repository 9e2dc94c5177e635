extension ViewerPage {
  /// The page's CSS: three columns (script, picture and Edit menu, timeline), one below the
  /// other on narrow screens.
  static let style = """
    body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#222;background:#fafafa}
    header{display:flex;flex-wrap:wrap;gap:0 1.5em;align-items:baseline;padding:.5em 1em;
    border-bottom:1px solid #ddd;background:#fff}
    h1{font-size:18px;margin:0}#status{margin:0;color:#444}
    h2{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#555;margin:0 0 .4em}
    h2 small{text-transform:none;letter-spacing:0;font-weight:normal}
    h3{font-size:13px;margin:.2em 0}
    main{display:grid;grid-template-columns:minmax(16em,1.2fr) minmax(0,2fr) minmax(15em,1fr);
    gap:1em;padding:1em;height:calc(100vh - 3.2em);box-sizing:border-box}
    main>section{min-height:0;min-width:0;display:flex;flex-direction:column}
    #source{margin:0;padding:.3em 0 .3em 3.5em;overflow:auto;flex:1;background:#fff;
    border:1px solid #ddd;font:12px/1.6 ui-monospace,monospace;color:#888}
    #source code{white-space:pre;tab-size:4;color:#222;font:inherit}
    #source li{padding:0 .5em}#source li.current{background:#fff1b8}
    #source li.current.undo{background:#ffe0cc}#source li.current.redo{background:#d8e6ff}
    #source li.error{background:#fde0e0}
    .diagnostic{color:#b71c1c;white-space:pre;overflow-x:auto;font:12px/1.4 ui-monospace,monospace;
    background:#fff;border:1px solid #f0b4b4;padding:.4em;margin:.5em 0 0}
    .stage{align-items:center;overflow:auto}
    .frame{position:relative;line-height:0;border:1px solid #bbb;overflow:hidden;
    background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
    #picture{display:block}#picture.enlarged{image-rendering:pixelated}
    #outline{position:absolute;box-sizing:border-box;pointer-events:none;
    border:2px solid #ff2d95;box-shadow:0 0 0 1px #fff,inset 0 0 0 1px #fff}
    #outline.change{border:1px dashed #9e9e9e;box-shadow:none}
    .controls{display:flex;align-items:center;gap:.4em;margin:.6em 0;width:100%}
    .controls button{font-size:14px;min-width:2.2em}#scrub{flex:1;min-width:6em}
    #position{font-variant-numeric:tabular-nums;white-space:nowrap}
    .menu{width:100%}.stacks{display:grid;grid-template-columns:1fr 1fr;gap:1em}
    .menu ol{list-style:none;margin:0;padding:0;max-height:14em;overflow:auto;background:#fff;
    border:1px solid #ddd}
    .menu li{padding:.1em .6em}.menu li:first-child{font-weight:600}
    .menu li.more,.menu li.empty{color:#777;font-weight:normal;font-style:italic}
    #timeline{list-style:none;margin:0;padding:0;overflow:auto;flex:1;background:#fff;
    border:1px solid #ddd}
    #timeline li{display:grid;grid-template-columns:50px 3.2em 4.3em 1fr;gap:.4em;
    align-items:center;padding:2px .4em;cursor:pointer;border-left:4px solid #bbb;
    content-visibility:auto;contain-intrinsic-size:auto 42px}
    #timeline li.start{border-left-color:#1a7f37}#timeline li.undo{border-left-color:#e65100}
    #timeline li.redo{border-left-color:#1565c0}#timeline li.selected{background:#e3ecfa}
    #timeline li:hover{background:#f0f4fb}
    .thumb{display:flex;width:48px;height:36px;align-items:center;justify-content:center}
    .thumb canvas{display:block;border:1px solid #ddd}
    .number{font-variant-numeric:tabular-nums;color:#555;text-align:right}
    .direction{font-size:11px;text-transform:uppercase;color:#777}
    .undo .direction{color:#e65100}.redo .direction{color:#1565c0}
    .action{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
    @media (max-width:900px){main{grid-template-columns:1fr;height:auto}
    #source,#timeline{max-height:24em}}
    """
}
