//===- Render.cpp - ReportData to one self-contained HTML page -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The page has no external resources: inline CSS, inline SVG and a small
// script (no framework) that links the lines of the stage panes through
// their source positions, switches panes and labels, and shows what a
// layout cell holds.
//
//===----------------------------------------------------------------------===//

#include "Locations.h"
#include "TextDiff.h"

#include "tt/Report/Report.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>

using namespace llvm;
using namespace tt::report;

//===----------------------------------------------------------------------===//
// ptxas -v
//===----------------------------------------------------------------------===//

/// The integer just before `phrase` in `text` ("26 registers"), or -1.
static int64_t numberBefore(StringRef text, StringRef phrase) {
  size_t at = text.find(phrase);
  if (at == StringRef::npos)
    return -1;
  StringRef head = text.substr(0, at).rtrim();
  size_t start = head.find_last_not_of("0123456789");
  StringRef digits = start == StringRef::npos ? head : head.substr(start + 1);
  int64_t v = -1;
  if (digits.empty() || digits.getAsInteger(10, v))
    return -1;
  return v;
}

Resources tt::report::parsePtxasInfo(StringRef log) {
  Resources r;
  r.log = log.str();
  // The first entry function's part of the log.
  size_t entry = log.find("Compiling entry function");
  if (entry == StringRef::npos)
    return r;
  StringRef part = log.substr(entry);
  size_t next = part.find("Compiling entry function", 10);
  if (next != StringRef::npos)
    part = part.substr(0, next);
  r.registers = numberBefore(part, " registers");
  r.barriers = numberBefore(part, " barriers");
  r.stackFrame = numberBefore(part, " bytes stack frame");
  r.spillStores = numberBefore(part, " bytes spill stores");
  r.spillLoads = numberBefore(part, " bytes spill loads");
  r.sharedBytes = numberBefore(part, " bytes smem");
  r.constantBytes = numberBefore(part, " bytes cmem[0]");
  r.valid = r.registers >= 0;
  if (r.sharedBytes < 0 && r.valid)
    r.sharedBytes = 0;
  return r;
}

//===----------------------------------------------------------------------===//
// HTML helpers
//===----------------------------------------------------------------------===//

static void escape(raw_ostream &os, StringRef s) {
  for (char c : s) {
    switch (c) {
    case '<':
      os << "&lt;";
      break;
    case '>':
      os << "&gt;";
      break;
    case '&':
      os << "&amp;";
      break;
    case '"':
      os << "&quot;";
      break;
    default:
      os << c;
    }
  }
}

static std::string esc(StringRef s) {
  std::string out;
  raw_string_ostream os(out);
  escape(os, s);
  return out;
}

static StringRef titleOf(StringRef ext) {
  static const std::pair<StringRef, StringRef> kTitles[] = {
      {"py", "Python"},    {"source.ttir", "source TTIR"},
      {"ttir", "TTIR"},    {"ttgir", "TTGIR"},
      {"llir", "LLVM IR"}, {"ptx", "PTX"},
      {"sass", "SASS"},    {"amdgcn", "AMDGCN"},
      {"o", "object"},     {"json", "metadata"},
      {"hsaco", "HSACO"}};
  for (const auto &[stage, title] : kTitles)
    if (ext == stage)
      return title;
  return ext;
}

static const char *kStyle = R"css(
:root{--b:#d0d4da;--hit:#ffe27a;--near:#fff4c2;--sel:#ffb347}
*{box-sizing:border-box}
body{font:14px/1.4 system-ui,sans-serif;margin:0;padding:0 18px 40px;color:#1c1f23;background:#fafbfc}
h1{font-size:20px;margin:16px 0 4px}h2{font-size:17px;margin:26px 0 8px;border-bottom:1px solid var(--b);padding-bottom:3px}
h3{font-size:15px;margin:14px 0 6px}
code,pre,.code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
nav a{margin-right:14px}
table.kv{border-collapse:collapse;margin:6px 0}table.kv td,table.kv th{border:1px solid var(--b);padding:2px 8px;text-align:left}
table.kv th{background:#eef1f4;font-weight:600}
.chips span{display:inline-block;border:1px solid var(--b);border-radius:10px;padding:1px 9px;margin:2px 4px 2px 0;background:#fff}
.chips .ok{border-color:#6fbf73}.chips .failed{border-color:#e06666;background:#fdecec}
.chips .skipped,.chips .notreached{color:#777;border-style:dashed}
.errors{background:#fdecec;border:1px solid #e06666;padding:6px 10px;white-space:pre-wrap;font-family:ui-monospace,monospace;font-size:12px}
ul.findings{padding-left:0;list-style:none}ul.findings li{margin:6px 0;padding:6px 10px;border-left:4px solid #8aa4c8;background:#fff}
ul.findings li.warning{border-left-color:#e0a030}
.sev{font-weight:600;margin-right:6px}.where a{margin-right:8px;font-family:ui-monospace,monospace;font-size:12px}
.toolbar{position:sticky;top:0;background:#fafbfc;padding:6px 0;z-index:2;border-bottom:1px solid var(--b)}
.toolbar label{margin-right:12px;white-space:nowrap}
#status{font-family:ui-monospace,monospace;font-size:12px;color:#333;min-height:1.4em;margin-top:4px}
.panes{display:flex;gap:6px;overflow-x:auto;padding-bottom:6px}
.pane{flex:1 1 0;min-width:11em;overflow:hidden;border:1px solid var(--b);background:#fff;display:flex;flex-direction:column}
.pane.hidden{display:none}
.ph{background:#eef1f4;padding:3px 8px;font-weight:600;border-bottom:1px solid var(--b);white-space:nowrap}
.ph small{display:block;font-weight:400;color:#666;overflow:hidden;text-overflow:ellipsis}
.code{height:68vh;overflow:auto;position:relative;white-space:pre;padding:2px 0}
.l{cursor:pointer;padding-right:8px;min-height:1.3em}
.l::before{content:attr(data-n);display:inline-block;width:4ch;margin-right:1ch;text-align:right;color:#9aa;user-select:none}
.l:hover{background:#f0f4fa}.l.near{background:var(--near)}.l.hit{background:var(--hit)}.l.sel{background:var(--sel)}
.loc{color:#9aa3ad}body.nolocs .loc,body.nolocs .locdef{display:none}
figure{margin:10px 0 22px;padding:8px 10px;background:#fff;border:1px solid var(--b);display:inline-block;vertical-align:top;max-width:100%;overflow-x:auto}
figcaption{margin-bottom:6px}figcaption code{word-break:break-all}
.notes{margin:4px 0 0;padding-left:18px;color:#333}
#tip{position:fixed;pointer-events:none;background:#222;color:#fff;font:12px ui-monospace,monospace;padding:3px 6px;border-radius:3px;display:none;z-index:10}
pre.diff{background:#fff;border:1px solid var(--b);padding:4px 0;overflow-x:auto;max-height:60vh}
pre.diff span{display:block;padding:0 8px}pre.diff .a{background:#e6ffec}pre.diff .d{background:#ffebe9}pre.diff .h{background:#eef1f4;color:#555}
details.pass summary{cursor:pointer}details.pass .nochange{color:#888}
.muted{color:#777}
.cols{display:flex;gap:40px;flex-wrap:wrap;align-items:flex-start}
)css";

static const char *kScript = R"js(
(function(){
var panes=[].slice.call(document.querySelectorAll('.pane'));
var lines={},byPos={},byLine={};
panes.forEach(function(p){
  var ext=p.getAttribute('data-ext');
  var ls=[].slice.call(p.querySelectorAll('.l'));lines[ext]=ls;
  ls.forEach(function(el){
    var k=el.getAttribute('data-k');if(!k)return;
    k.split(' ').forEach(function(id){
      var pos=POS[+id];if(!pos)return;
      (byPos[id]=byPos[id]||[]).push(el);
      var fl=pos[0]+':'+pos[1];(byLine[fl]=byLine[fl]||[]).push(el);
    });
  });
});
var marked=[];
function clear(){marked.forEach(function(e){e.classList.remove('hit','near','sel');});marked=[];}
function mark(e,c){e.classList.add(c);marked.push(e);}
function paneOf(e){while(e&&!(e.classList&&e.classList.contains('pane')))e=e.parentNode;return e;}
function scrollTo(e){var c=e.parentNode;c.scrollTop=Math.max(0,e.offsetTop-c.clientHeight/3);}
function select(el,scrollOwn){
  clear();mark(el,'sel');
  var k=el.getAttribute('data-k'),st=document.getElementById('status');
  if(!k){st.textContent='this line has no source location';if(scrollOwn)scrollTo(el);return;}
  var ids=k.split(' '),names=[],hits=new Set(),nears=new Set();
  ids.forEach(function(id){
    var pos=POS[+id];if(!pos)return;
    names.push(FILES[pos[0]]+':'+pos[1]+(pos[2]?':'+pos[2]:''));
    var fl=pos[0]+':'+pos[1];
    (byLine[fl]||[]).forEach(function(e){
      var exact=pos[2]===0||(byPos[id]||[]).indexOf(e)>=0;
      if(!exact){var ek=(e.getAttribute('data-k')||'').split(' ');
        exact=ek.some(function(x){var q=POS[+x];return q&&q[0]===pos[0]&&q[1]===pos[1]&&q[2]===0;});}
      (exact?hits:nears).add(e);});
  });
  var counts={};
  hits.forEach(function(e){if(e!==el)mark(e,'hit');var x=paneOf(e).getAttribute('data-ext');counts[x]=(counts[x]||0)+1;});
  nears.forEach(function(e){if(!hits.has(e)&&e!==el)mark(e,'near');});
  panes.forEach(function(p){
    if(p===paneOf(el)&&!scrollOwn)return;
    var first=null;
    (lines[p.getAttribute('data-ext')]||[]).some(function(e){if(e===el||hits.has(e)){first=e;return true;}return false;});
    if(!first)(lines[p.getAttribute('data-ext')]||[]).some(function(e){if(nears.has(e)){first=e;return true;}return false;});
    if(first)scrollTo(first);
  });
  var parts=[];panes.forEach(function(p){var x=p.getAttribute('data-ext');if(counts[x])parts.push(p.getAttribute('data-title')+' '+counts[x]);});
  st.textContent=names.join(', ')+' \u2192 '+(parts.length?parts.join(', '):'no other line');
}
document.addEventListener('click',function(ev){
  var t=ev.target,l=t.closest?t.closest('.l'):null;
  if(l){select(l,false);return;}
  var g=t.getAttribute&&t.getAttribute('data-go');
  if(g){ev.preventDefault();go(g,true);}
});
function go(spec,scrollPage){
  var i=spec.lastIndexOf(':'),ext=spec.slice(0,i),n=+spec.slice(i+1);
  var el=(lines[ext]||[])[n-1];if(!el)return false;
  paneOf(el).classList.remove('hidden');
  var cb=document.querySelector('input[data-pane="'+ext+'"]');if(cb)cb.checked=true;
  if(scrollPage)document.getElementById('stages').scrollIntoView();
  select(el,true);return true;
}
[].forEach.call(document.querySelectorAll('input[data-pane]'),function(cb){
  cb.addEventListener('change',function(){var p=document.querySelector('.pane[data-ext="'+cb.getAttribute('data-pane')+'"]');if(p)p.classList.toggle('hidden',!cb.checked);});});
var locs=document.getElementById('locs');
if(locs)locs.addEventListener('change',function(){document.body.classList.toggle('nolocs',!locs.checked);});
var tip=document.getElementById('tip');
document.addEventListener('mousemove',function(ev){
  var t=ev.target;
  if(!(t.tagName==='rect'&&t.hasAttribute('data-o'))){tip.style.display='none';return;}
  var svg=t.ownerSVGElement,cell=+svg.getAttribute('data-cell');
  var r=Math.round((+t.getAttribute('y')-svg.getAttribute('data-y0'))/cell),c=Math.round((+t.getAttribute('x')-svg.getAttribute('data-x0'))/cell);
  var o=t.getAttribute('data-o').split(','),where=svg.getAttribute('data-wrap')?'element '+(r*(+svg.getAttribute('data-cols'))+c):'['+r+', '+c+']';
  var txt=svg.getAttribute('data-kind')==='shared'?where+': offset '+o[0]+', bank '+o[1]:
    (+o[3]===0?where+': not held':where+': warp '+o[0]+', lane '+o[1]+', register '+o[2]+(+o[3]>1?' ('+o[3]+' copies)':''));
  tip.textContent=txt;tip.style.display='block';tip.style.left=(ev.clientX+12)+'px';tip.style.top=(ev.clientY+12)+'px';
});
[].forEach.call(document.querySelectorAll('select[data-fig]'),function(s){
  s.addEventListener('change',function(){
    var svg=document.getElementById(s.getAttribute('data-fig'));if(!svg)return;
    var rects=svg.querySelectorAll('g.c rect'),texts=svg.querySelectorAll('g.c text'),f=+s.value;
    if(rects.length!==texts.length)return;
    for(var i=0;i<rects.length;i++){var o=rects[i].getAttribute('data-o').split(',');texts[i].textContent=+o[3]?o[f]:'';}
  });});
// Link parameters, '&'-separated: #line=ptx:42 selects that line,
// #find=ttgir:tt.load the first line of the pane containing the text,
// #hide=source.ttir,ttir hides panes.
decodeURIComponent(location.hash.slice(1)).split('&').forEach(function(p){
  var eq=p.indexOf('='),key=p.slice(0,eq),val=p.slice(eq+1);
  if(key==='hide')val.split(',').forEach(function(x){
    var pn=document.querySelector('.pane[data-ext="'+x+'"]'),cb=document.querySelector('input[data-pane="'+x+'"]');
    if(pn)pn.classList.add('hidden');if(cb)cb.checked=false;});
  if(key==='line')go(val,false);
  if(key==='find'){var j=val.indexOf(':'),fx=val.slice(0,j),ft=val.slice(j+1);
    (lines[fx]||[]).some(function(e,n){if(e.textContent.indexOf(ft)>=0){go(fx+':'+(n+1),false);return true;}return false;});}
});
document.body.setAttribute('data-ready','1');
})();
)js";

//===----------------------------------------------------------------------===//
// Sections
//===----------------------------------------------------------------------===//

namespace {
struct Page {
  const ReportData &data;
  raw_ostream &os;
  PositionTable table;

  void header();
  void findings();
  void resources();
  void resourcesMetadata();
  void stages();
  void layouts();
  void passes();
  void tuning();
  bool heading(StringRef id, StringRef title, bool empty, StringRef none);
};
} // namespace

void Page::header() {
  os << "<h1>" << esc(data.kernelName) << "</h1>\n";
  os << "<nav><a href=\"#findings\">findings</a><a href=\"#stages\">"
        "stages</a><a href=\"#layouts\">layouts</a><a href=\"#resources\">"
        "resources</a><a href=\"#passes\">passes</a>";
  if (!data.tuneChartSVG.empty())
    os << "<a href=\"#tuning\">tuning</a>";
  os << "</nav>\n<table class=\"kv\">";
  if (!data.inputPath.empty())
    os << "<tr><th>input</th><td><code>" << esc(data.inputPath)
       << "</code></td></tr>";
  for (const auto &[k, v] : data.options)
    os << "<tr><th>" << esc(k) << "</th><td>" << esc(v) << "</td></tr>";
  os << "</table>\n<div class=\"chips\" id=\"stage-status\">";
  for (const StageStatus &s : data.stages) {
    std::string cls = s.status == "not reached" ? "notreached" : s.status;
    os << "<span class=\"" << cls << "\" title=\"" << esc(s.message) << "\">"
       << esc(titleOf(s.stage)) << ": " << esc(s.status);
    if (!s.message.empty() && s.status != "ok")
      os << " (" << esc(s.message) << ")";
    os << "</span>";
  }
  os << "</div>\n";
  if (!data.errors.empty()) {
    os << "<h3>Errors</h3><div class=\"errors\">";
    for (const std::string &e : data.errors)
      os << esc(e) << "\n";
    os << "</div>\n";
  }
}

/// A section's heading; when it has nothing to show (`empty`), the note
/// `none` and false.
bool Page::heading(StringRef id, StringRef title, bool empty, StringRef none) {
  os << "<h2 id=\"" << id << "\">" << title << "</h2>\n";
  if (empty)
    os << "<p class=\"muted\">" << esc(none) << "</p>\n";
  return !empty;
}

void Page::findings() {
  if (!heading("findings", "Findings", data.findings.empty(),
               "Nothing to report."))
    return;
  os << "<ul class=\"findings\">";
  for (const Finding &f : data.findings) {
    os << "<li class=\"" << esc(f.severity) << "\"><span class=\"sev\">"
       << esc(f.severity) << ":</span>" << esc(f.title);
    if (!f.detail.empty())
      os << "<div>" << esc(f.detail) << "</div>";
    if (!f.places.empty()) {
      os << "<div class=\"where\">";
      for (const Place &p : f.places)
        os << "<a href=\"#\" data-go=\"" << esc(p.ext) << ":" << p.line
           << "\">" << esc(titleOf(p.ext)) << ":" << p.line << "</a>";
      os << "</div>";
    }
    os << "</li>";
  }
  os << "</ul>\n";
}

void Page::resources() {
  os << "<h2 id=\"resources\">Resources</h2>\n<div class=\"cols\"><div>";
  const Resources &r = data.resources;
  if (r.valid) {
    os << "<h3>ptxas -v</h3><table class=\"kv\">";
    auto row = [&](StringRef name, int64_t v, StringRef unit) {
      if (v < 0)
        return;
      os << "<tr><th>" << name << "</th><td>" << v << unit << "</td></tr>";
    };
    row("registers per thread", r.registers, "");
    row("barriers", r.barriers, "");
    row("shared memory (static)", r.sharedBytes, " bytes");
    row("stack frame", r.stackFrame, " bytes");
    row("spill stores", r.spillStores, " bytes");
    row("spill loads", r.spillLoads, " bytes");
    row("constant bank 0", r.constantBytes, " bytes");
    os << "</table>\n";
  } else {
    os << "<p class=\"muted\">No ptxas resource report";
    if (!r.log.empty())
      os << ":</p><pre>" << esc(r.log) << "</pre>\n";
    else
      os << " (no PTX, or no ptxas).</p>\n";
  }
  if (r.valid && !r.log.empty())
    os << "<details><summary>ptxas output</summary><pre>" << esc(r.log)
       << "</pre></details>\n";
  os << "</div><div>";
  resourcesMetadata();
  os << "</div></div>\n";
}

void Page::resourcesMetadata() {
  if (data.metadataJSON.empty()) {
    os << "<h3>Kernel metadata</h3><p class=\"muted\">None (the compilation "
          "did not finish).</p>\n";
    return;
  }
  os << "<h3>Kernel metadata</h3>";
  Expected<json::Value> parsed = json::parse(data.metadataJSON);
  const json::Object *obj = parsed ? parsed->getAsObject() : nullptr;
  if (!obj) {
    if (!parsed)
      consumeError(parsed.takeError());
    os << "<pre>" << esc(data.metadataJSON) << "</pre>\n";
    return;
  }
  std::vector<std::string> keys;
  for (const auto &kv : *obj)
    keys.push_back(kv.first.str());
  std::sort(keys.begin(), keys.end());
  os << "<table class=\"kv\">";
  for (const std::string &k : keys) {
    std::string v;
    raw_string_ostream vs(v);
    vs << *obj->get(k);
    os << "<tr><th>" << esc(k) << "</th><td><code>" << esc(v)
       << "</code></td></tr>";
  }
  os << "</table>\n";
}

void Page::stages() {
  os << "<h2 id=\"stages\">Stages</h2>\n";
  os << "<p class=\"muted\">Click a line: the lines of every stage that come "
        "from the same source position are highlighted (darker: the same "
        "line and column, lighter: the same line) and scrolled into "
        "view.</p>\n";
  os << "<div class=\"toolbar\">";
  for (const StageText &t : data.texts)
    os << "<label><input type=\"checkbox\" checked data-pane=\""
       << esc(t.ext) << "\"> " << esc(t.title) << "</label>";
  os << "<label><input type=\"checkbox\" id=\"locs\" checked> MLIR "
        "locations</label><div id=\"status\"></div></div>\n";
  os << "<div class=\"panes\">";
  for (const StageText &t : data.texts) {
    LinePositions positions;
    std::vector<LocSpans> spans;
    StringRef ext = t.ext;
    bool isMLIR = ext == "source.ttir" || ext == "ttir" || ext == "ttgir";
    if (isMLIR)
      positions = mapMLIR(t.text, table, &spans);
    else if (ext == "llir")
      positions = mapLLVMIR(t.text, table);
    else if (ext == "ptx" || ext == "amdgcn")
      positions = mapAssembly(t.text, table);
    else if (ext == "sass")
      positions = mapSASS(t.text, table);
    else if (ext == "py")
      positions = mapPython(t.text, t.path, table);
    std::vector<StringRef> lines = splitLines(t.text);
    os << "<div class=\"pane\" data-ext=\"" << esc(t.ext)
       << "\" data-title=\"" << esc(t.title) << "\"><div class=\"ph\">"
       << esc(t.title) << "<small title=\"" << esc(t.path) << "\">"
       << esc(sys::path::filename(t.path)) << ", " << lines.size()
       << " lines</small></div><div class=\"code\">";
    for (size_t i = 0; i < lines.size(); ++i) {
      StringRef line = lines[i];
      bool aliasLine = isMLIR && i < spans.size() && spans[i].size() == 1 &&
                       spans[i][0].first == 0 &&
                       spans[i][0].second == line.size() && !line.empty();
      os << "<div class=\"l" << (aliasLine ? " locdef" : "") << "\" data-n=\""
         << (i + 1) << "\"";
      if (i < positions.size() && !positions[i].empty()) {
        os << " data-k=\"";
        for (size_t j = 0; j < positions[i].size(); ++j)
          os << (j ? " " : "") << positions[i][j];
        os << "\"";
      }
      os << ">";
      if (isMLIR && !aliasLine && i < spans.size() && !spans[i].empty()) {
        size_t at = 0;
        for (auto [b, e] : spans[i]) {
          escape(os, line.slice(at, b));
          os << "<span class=\"loc\">";
          escape(os, line.slice(b, e));
          os << "</span>";
          at = e;
        }
        escape(os, line.substr(at));
      } else {
        escape(os, line);
      }
      os << "</div>";
    }
    os << "</div></div>\n";
  }
  os << "</div>\n";
  if (data.texts.empty())
    os << "<p class=\"muted\">No stage was produced.</p>\n";
}

void Page::layouts() {
  if (!heading("layouts", "Layouts", data.layouts.empty(),
               data.layoutsNote.empty() ? "No layouts." : data.layoutsNote))
    return;
  os << "<p class=\"muted\">Each distinct encoding of the TTGIR, drawn for "
        "the shape it is used with most. Distributed layouts: the cell's "
        "color is its warp, its label the lane (or register: pick below); "
        "hover for warp, lane and register. Shared layouts: the cell's "
        "label is the bank its element sits in.</p>\n";
  unsigned n = 0;
  for (const LayoutFigure &f : data.layouts) {
    std::string id = "fig" + std::to_string(n++);
    os << "<figure class=\"layout\"><figcaption><b>" << esc(f.name)
       << "</b>";
    if (!f.attr.empty())
      os << " <code>" << esc(f.attr) << "</code>";
    os << "<br>" << esc(f.caption);
    bool distributed = StringRef(f.svg).contains("data-kind=\"distributed\"");
    if (distributed)
      os << " &nbsp;<label>label: <select data-fig=\"" << id
         << "\"><option value=\"1\">lane</option><option value=\"2\">"
            "register</option><option value=\"0\">warp</option></select>"
            "</label>";
    os << "</figcaption>";
    if (!f.svg.empty()) {
      // Give the <svg> an id the label switch can find.
      StringRef svg(f.svg);
      if (svg.consume_front("<svg "))
        os << "<svg id=\"" << id << "\" " << svg;
      else
        os << f.svg;
    }
    if (!f.notes.empty()) {
      os << "<ul class=\"notes\">";
      for (const std::string &note : f.notes)
        os << "<li>" << esc(note) << "</li>";
      os << "</ul>";
    }
    if (!f.bases.empty())
      os << "<details><summary>linear layout</summary><pre>" << esc(f.bases)
         << "</pre></details>";
    os << "</figure>\n";
  }
}

void Page::passes() {
  if (!heading("passes", "Passes", data.passes.empty(),
               "No pass was recorded."))
    return;
  os << "<p class=\"muted\">The IR of each MLIR stage before and after each "
        "pass (printed without locations), as a diff with the IR before the "
        "pass.</p>\n";
  const unsigned maxShown = 800;
  size_t i = 0;
  while (i < data.passes.size()) {
    StringRef stage = data.passes[i].stage;
    size_t end = i;
    while (end < data.passes.size() && data.passes[end].stage == stage)
      ++end;
    StringRef heading = stage == "ttir"    ? "TTIR stage"
                        : stage == "ttgir" ? "TTGIR stage"
                        : stage == "llir"
                            ? "LLIR stage (TTGIR to the LLVM dialect)"
                        : stage == "cpu" ? "CPU stage (TTIR to the LLVM dialect)"
                                         : stage;
    os << "<h3>" << esc(heading) << "</h3>\n";
    std::vector<StringRef> prev;
    for (size_t j = i; j < end; ++j) {
      const PassIR &p = data.passes[j];
      std::vector<StringRef> cur = splitLines(p.ir);
      if (p.pass == "input") {
        os << "<details class=\"pass\"><summary>input ("
           << cur.size() << " lines)</summary><pre class=\"diff\">";
        for (StringRef l : cur)
          os << "<span>" << esc(l) << "</span>";
        os << "</pre></details>\n";
        prev = std::move(cur);
        continue;
      }
      std::vector<DiffLine> diff = diffLines(prev, cur);
      unsigned added = 0, removed = 0;
      for (const DiffLine &d : diff) {
        added += d.kind == '+';
        removed += d.kind == '-';
      }
      os << "<details class=\"pass\"" << (p.failed ? " open" : "")
         << "><summary><code>" << esc(p.pass) << "</code> ";
      if (p.failed)
        os << "<b style=\"color:#c00\">failed</b> ";
      if (added == 0 && removed == 0) {
        os << "<span class=\"nochange\">no change</span></summary>"
              "</details>\n";
        prev = std::move(cur);
        continue;
      }
      os << "<span style=\"color:#1a7f37\">+" << added
         << "</span> <span style=\"color:#cf222e\">-" << removed
         << "</span></summary><pre class=\"diff\">";
      std::vector<DiffLine> shown = hunks(diff, 3);
      unsigned count = 0;
      for (const DiffLine &d : shown) {
        if (count++ == maxShown) {
          os << "<span class=\"h\">... " << (shown.size() - maxShown)
             << " more diff lines not shown</span>";
          break;
        }
        if (d.kind == '@') {
          os << "<span class=\"h\">@@ before line " << d.aLine
             << ", after line " << d.bLine << " @@</span>";
          continue;
        }
        os << "<span class=\"" << (d.kind == '+' ? "a" : d.kind == '-' ? "d" : "")
           << "\">" << d.kind << " " << esc(d.text) << "</span>";
      }
      os << "</pre></details>\n";
      prev = std::move(cur);
    }
    i = end;
  }
}

void Page::tuning() {
  if (data.tuneChartSVG.empty())
    return;
  os << "<h2 id=\"tuning\">Tuning</h2>\n<p class=\"muted\">"
     << esc(data.tuneChartPath) << "</p>\n<div class=\"tune\">";
  StringRef svg(data.tuneChartSVG);
  // Inline SVG: drop an XML declaration or doctype before <svg.
  size_t at = svg.find("<svg");
  os << (at == StringRef::npos ? svg : svg.substr(at)) << "</div>\n";
}

std::string tt::report::renderHTML(const ReportData &data) {
  std::string out;
  raw_string_ostream os(out);
  os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<title>tt report: "
     << esc(data.kernelName) << "</title><style>" << kStyle
     << "</style></head>\n<body>\n";
  Page page{data, os, {}};
  page.header();
  page.findings();
  page.stages();
  page.layouts();
  page.resources();
  page.passes();
  page.tuning();
  // Positions, for the script: [file, line, col] by id.
  os << "<div id=\"tip\"></div>\n<script>\nvar FILES=[";
  const std::vector<std::string> &files = page.table.files();
  for (size_t i = 0; i < files.size(); ++i) {
    std::string quoted;
    raw_string_ostream qs(quoted);
    json::OStream(qs).value(files[i]);
    // Inside <script>, "</" would end the script.
    for (size_t at = quoted.find("</"); at != std::string::npos;
         at = quoted.find("</", at + 3))
      quoted.replace(at, 2, "<\\/");
    os << (i ? "," : "") << quoted;
  }
  os << "];\nvar POS=[";
  const std::vector<Position> &pos = page.table.positions();
  for (size_t i = 0; i < pos.size(); ++i)
    os << (i ? "," : "") << "[" << pos[i].file << "," << pos[i].line << ","
       << pos[i].col << "]";
  os << "];\n" << kScript << "</script>\n</body></html>\n";
  return out;
}
