// ubp graph view: draws the embedded graph with cytoscape at the positions
// ubp computed (no layout runs here), with search, details, filters and a
// legend. <body> carries data-ready, data-nodes, data-edges,
// data-visible-nodes and data-visible-edges for tests and scripts.
(function () {
  'use strict';

  var timings = { start: performance.now() }; // ms since navigation, for measurements
  window.ubpTimings = timings;
  var data = JSON.parse(document.getElementById('ubp-graph-data').textContent);
  timings.parsed = performance.now();
  var big = data.nodes.length > 2000;

  var LEVELS = [
    ['fresh', 'fresh', '#43a047'],
    ['possibly_stale', 'possibly stale', '#f9a825'],
    ['stale', 'stale', '#e53935'],
    ['untracked', 'untracked (no source_refs)', '#90a4ae'],
    ['dangling', 'dangling link target', '#ffffff']
  ];
  var SHAPES = {
    spec: 'round-rectangle', design: 'ellipse', adr: 'diamond', guide: 'hexagon',
    api: 'rectangle', meeting: 'triangle', todo: 'star', other: 'octagon'
  };
  var LINKS = {
    references: ['#8a949e', 'solid'],
    depends_on: ['#1e6fd9', 'solid'],
    implements: ['#2e9d4f', 'dashed'],
    extends: ['#8e44ad', 'dashed'],
    conflicts_with: ['#d32f2f', 'dotted']
  };
  var levelColor = {};
  var levelName = {};
  LEVELS.forEach(function (l) { levelName[l[0]] = l[1]; levelColor[l[0]] = l[2]; });

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // ---- graph elements
  var byId = {};
  var elements = [];
  data.nodes.forEach(function (n) {
    byId[n.id] = n;
    elements.push({
      group: 'nodes',
      data: {
        id: n.id, label: n.title, shape: n.dangling ? 'ellipse' : (SHAPES[n.doc_type] || 'octagon'),
        color: levelColor[n.staleness] || '#90a4ae',
        size: Math.min(70, 14 + 7 * Math.sqrt(n.backlinks || 0))
      },
      position: { x: n.x, y: n.y },
      classes: n.dangling ? 'dangling' : ''
    });
  });
  data.edges.forEach(function (e, i) {
    var s = LINKS[e.type] || LINKS.references;
    elements.push({
      group: 'edges',
      data: { id: 'e' + i, source: e.source, target: e.target, type: e.type, color: s[0], line: s[1] }
    });
  });

  var cy = cytoscape({
    container: document.getElementById('cy'),
    elements: elements,
    layout: { name: 'preset', fit: true, padding: 30 },
    minZoom: 0.02,
    maxZoom: 4,
    boxSelectionEnabled: false,
    autoungrabify: big,
    hideEdgesOnViewport: big,
    textureOnViewport: big,
    pixelRatio: big ? 1 : 'auto',
    style: [
      { selector: 'node', style: {
        'shape': 'data(shape)', 'background-color': 'data(color)',
        'width': 'data(size)', 'height': 'data(size)',
        'border-width': 1.5, 'border-color': '#37474f',
        'label': big ? '' : 'data(label)', 'font-size': 11, 'min-zoomed-font-size': 9,
        'text-valign': 'bottom', 'text-margin-y': 3, 'color': '#263238',
        'text-max-width': 160, 'text-wrap': 'ellipsis'
      } },
      { selector: 'node.dangling', style: { 'border-style': 'dashed', 'border-color': '#d32f2f', 'border-width': 2, 'color': '#b71c1c' } },
      { selector: 'node:selected', style: { 'border-width': 4, 'border-color': '#1a5fb4', 'border-style': 'solid', 'z-index': 10 } },
      { selector: 'edge', style: {
        'width': 1.2, 'line-color': 'data(color)', 'line-style': big ? 'solid' : 'data(line)',
        'target-arrow-shape': big ? 'none' : 'triangle', 'target-arrow-color': 'data(color)', 'arrow-scale': 0.8,
        'curve-style': big ? 'straight' : 'bezier', 'opacity': 0.75
      } },
      // Large graphs: labels, arrowheads and dashes (slow to draw) only on
      // what is in view when zoomed in (see updateDetail);
      // after the rules they override.
      { selector: 'node.detail', style: { 'label': 'data(label)' } },
      { selector: 'edge.detail', style: { 'target-arrow-shape': 'triangle', 'line-style': 'data(line)' } },
      { selector: 'edge.hl', style: {
        'width': 2.5, 'opacity': 1, 'label': 'data(type)', 'font-size': 9, 'color': '#37474f',
        'text-rotation': 'autorotate', 'text-background-color': '#fff', 'text-background-opacity': 0.8,
        'text-background-padding': 1, 'z-index': 9
      } },
      { selector: '.hidden', style: { 'display': 'none' } }
    ]
  });

  timings.created = performance.now();

  // ---- counts for tests and scripts, from the filter state (cheaper than
  // asking cytoscape, whose :visible is only brought up to date when it
  // next draws)
  var hiddenNode = {};
  var hiddenType = {};
  function setCounts() {
    var b = document.body.dataset;
    b.nodes = String(cy.nodes().length);
    b.edges = String(cy.edges().length);
    var vn = 0, ve = 0;
    data.nodes.forEach(function (n) { if (!hiddenNode[n.id]) vn++; });
    data.edges.forEach(function (e) {
      if (!hiddenType[e.type] && !hiddenNode[e.source] && !hiddenNode[e.target]) ve++;
    });
    b.visibleNodes = String(vn);
    b.visibleEdges = String(ve);
  }

  // ---- summary
  var docs = data.nodes.filter(function (n) { return !n.dangling; }).length;
  // Counts take the singular for one, as the CLI's do.
  function count(n, one) { return n + ' ' + one + (n === 1 ? '' : 's'); }
  var summary = count(docs, 'document') + ', ' + count(data.edges.length, 'edge');
  if (docs !== data.nodes.length) summary += ', ' + count(data.nodes.length - docs, 'dangling target');
  if (data.center && byId[data.center]) summary += ' — around “' + byId[data.center].title + '”, depth ' + data.depth;
  document.getElementById('summary').textContent = summary;

  // ---- legend and filters
  function shapeSVG(shape, fill, stroke, dashed) {
    var s = 14, p;
    switch (shape) {
      case 'ellipse': p = '<circle cx="7" cy="7" r="6"'; break;
      case 'diamond': p = '<polygon points="7,1 13,7 7,13 1,7"'; break;
      case 'hexagon': p = '<polygon points="4,1.5 10,1.5 13,7 10,12.5 4,12.5 1,7"'; break;
      case 'rectangle': p = '<rect x="1.5" y="1.5" width="11" height="11"'; break;
      case 'round-rectangle': p = '<rect x="1.5" y="1.5" width="11" height="11" rx="3"'; break;
      case 'triangle': p = '<polygon points="7,1 13,13 1,13"'; break;
      case 'star': p = '<polygon points="7,1 8.8,5.2 13,5.5 9.8,8.4 10.7,13 7,10.6 3.3,13 4.2,8.4 1,5.5 5.2,5.2"'; break;
      default: p = '<polygon points="4.5,1 9.5,1 13,4.5 13,9.5 9.5,13 4.5,13 1,9.5 1,4.5"';
    }
    return '<svg width="' + s + '" height="' + s + '" viewBox="0 0 14 14" aria-hidden="true">' + p +
      ' fill="' + fill + '" stroke="' + stroke + '" stroke-width="1.3"' + (dashed ? ' stroke-dasharray="2,1.5"' : '') + '/></svg>';
  }
  function lineSVG(color, style) {
    var dash = style === 'dashed' ? ' stroke-dasharray="4,2"' : style === 'dotted' ? ' stroke-dasharray="1.5,2"' : '';
    return '<svg width="26" height="10" viewBox="0 0 26 10" aria-hidden="true"><line x1="1" y1="5" x2="19" y2="5" stroke="' + color +
      '" stroke-width="2"' + dash + '/><polygon points="18,1.5 25,5 18,8.5" fill="' + color + '"/></svg>';
  }

  var active = { staleness: {}, doc_type: {}, link_type: {} };
  function countBy(list, key) {
    var c = {};
    list.forEach(function (x) { c[key(x)] = (c[key(x)] || 0) + 1; });
    return c;
  }
  function addFilter(group, value, label, swatch, count) {
    active[group][value] = true;
    var lab = el('label');
    var box = el('input', { type: 'checkbox', 'data-filter': group, value: value });
    box.checked = true;
    box.addEventListener('change', function () { active[group][value] = box.checked; applyFilters(); });
    lab.appendChild(box);
    var sw = el('span');
    sw.innerHTML = swatch; // built above from constants only
    lab.appendChild(sw);
    lab.appendChild(el('span', {}, label));
    lab.appendChild(el('span', { 'class': 'count' }, String(count)));
    document.getElementById('filter-' + group).appendChild(lab);
  }
  var byLevel = countBy(data.nodes, function (n) { return n.staleness; });
  LEVELS.forEach(function (l) {
    if (byLevel[l[0]]) addFilter('staleness', l[0], l[1], shapeSVG('ellipse', l[2], l[0] === 'dangling' ? '#d32f2f' : '#37474f', l[0] === 'dangling'), byLevel[l[0]]);
  });
  var byType = countBy(data.nodes.filter(function (n) { return !n.dangling; }), function (n) { return n.doc_type; });
  Object.keys(SHAPES).forEach(function (t) {
    if (byType[t]) addFilter('doc_type', t, t, shapeSVG(SHAPES[t], '#cfd8dc', '#37474f'), byType[t]);
  });
  var byLink = countBy(data.edges, function (e) { return e.type; });
  Object.keys(byLink).sort().forEach(function (t) {
    var s = LINKS[t] || LINKS.references;
    addFilter('link_type', t, t, lineSVG(s[0], s[1]), byLink[t]);
  });

  function applyFilters() {
    hiddenNode = {};
    data.nodes.forEach(function (d) {
      var show = active.staleness[d.staleness] !== false && (d.dangling || active.doc_type[d.doc_type] !== false);
      if (!show) hiddenNode[d.id] = true;
    });
    hiddenType = {};
    Object.keys(active.link_type).forEach(function (t) { if (!active.link_type[t]) hiddenType[t] = true; });
    cy.batch(function () {
      cy.nodes().forEach(function (n) { n.toggleClass('hidden', !!hiddenNode[n.id()]); });
      cy.edges().forEach(function (e) { e.toggleClass('hidden', !!hiddenType[e.data('type')]); });
    });
    setCounts();
  }

  // ---- details panel
  var panel = document.getElementById('details');
  function linkItem(id, type, arrow) {
    var li = el('li');
    var n = byId[id];
    li.appendChild(document.createTextNode(type + ' ' + arrow + ' '));
    var a = el('a', { 'data-node': id }, n ? n.title : id);
    a.addEventListener('click', function () { focusNode(id); });
    li.appendChild(a);
    return li;
  }
  function row(dl, name, value) {
    dl.appendChild(el('dt', {}, name));
    var dd = el('dd');
    if (typeof value === 'string') dd.textContent = value; else dd.appendChild(value);
    dl.appendChild(dd);
  }
  function showDetails(id) {
    var n = byId[id];
    panel.textContent = '';
    panel.dataset.nodeId = id;
    cy.edges('.hl').removeClass('hl');
    if (!n) return;
    cy.getElementById(id).connectedEdges().addClass('hl');
    panel.appendChild(el('h1', {}, n.title));
    var dl = el('dl');
    if (n.dangling) {
      row(dl, 'target', n.title);
      row(dl, 'status', 'dangling: no document has this title, path or alias');
    } else {
      row(dl, 'path', n.path);
      row(dl, 'type', n.doc_type);
      var lv = el('span', { 'class': 'level' }, levelName[n.staleness] || n.staleness);
      lv.style.background = n.staleness === 'possibly_stale' ? '#c17900' : (levelColor[n.staleness] || '#607d8b');
      row(dl, 'staleness', lv);
      if (n.reasons && n.reasons.length) {
        var ul = el('ul', { 'class': 'reasons' });
        n.reasons.forEach(function (r) { ul.appendChild(el('li', {}, r.ref + ' (line ' + r.line + '): ' + r.reason.replace('_', ' '))); });
        row(dl, 'changed', ul);
      }
      if (n.tags && n.tags.length) {
        var tags = el('span');
        n.tags.forEach(function (t) { tags.appendChild(el('span', { 'class': 'tag' }, t)); });
        row(dl, 'tags', tags);
      }
      if (n.aliases && n.aliases.length) row(dl, 'aliases', n.aliases.join(', '));
      row(dl, 'backlinks', String(n.backlinks));
    }
    panel.appendChild(dl);
    var out = el('ul'), inc = el('ul');
    data.edges.forEach(function (e) {
      if (e.source === id) out.appendChild(linkItem(e.target, e.type, '→'));
      if (e.target === id) inc.appendChild(linkItem(e.source, e.type, '←'));
    });
    panel.appendChild(el('h2', {}, 'Links to (' + out.children.length + ')'));
    panel.appendChild(out);
    panel.appendChild(el('h2', {}, 'Linked from (' + inc.children.length + ')'));
    panel.appendChild(inc);
  }
  function focusNode(id) {
    var node = cy.getElementById(id);
    if (node.empty()) return;
    cy.$(':selected').unselect();
    node.select();
    cy.zoom({ level: Math.max(cy.zoom(), 1.2), position: node.position() });
    cy.center(node);
    showDetails(id);
  }
  cy.on('tap', 'node', function (ev) { cy.$(':selected').unselect(); ev.target.select(); showDetails(ev.target.id()); });
  cy.on('tap', function (ev) {
    if (ev.target === cy) {
      cy.edges('.hl').removeClass('hl');
      panel.textContent = '';
      panel.dataset.nodeId = '';
      panel.appendChild(el('p', { 'class': 'hint' }, 'Click a document, or find one by title, path or alias.'));
    }
  });
  document.getElementById('fit').addEventListener('click', function () {
    cy.fit(cy.elements().not('.hidden'), 30);
    if (cy.zoom() > 1.25) { cy.zoom(1.25); cy.center(cy.elements().not('.hidden')); }
  });

  // ---- search
  var search = document.getElementById('search');
  var results = document.getElementById('search-results');
  var haystack = data.nodes.map(function (n) {
    return { id: n.id, title: n.title.toLowerCase(), rest: ((n.path || '') + '\n' + (n.aliases || []).join('\n')).toLowerCase() };
  });
  function find(q) {
    q = q.trim().toLowerCase();
    if (!q) return [];
    var first = [], second = [], third = [];
    for (var i = 0; i < haystack.length; i++) {
      var h = haystack[i];
      if (h.title.indexOf(q) === 0) first.push(h.id);
      else if (h.title.indexOf(q) > 0) second.push(h.id);
      else if (h.rest.indexOf(q) >= 0) third.push(h.id);
      if (first.length >= 20) break;
    }
    return first.concat(second, third).slice(0, 20);
  }
  function showResults() {
    results.textContent = '';
    find(search.value).forEach(function (id, i) {
      var n = byId[id];
      var li = el('li', { role: 'option', 'data-node': id, 'class': i === 0 ? 'active' : '' }, n.title);
      li.appendChild(el('small', {}, n.dangling ? 'dangling link target' : n.path));
      li.addEventListener('mousedown', function (ev) { ev.preventDefault(); choose(id); });
      results.appendChild(li);
    });
    document.body.dataset.searchResults = String(results.children.length);
  }
  function choose(id) {
    results.textContent = '';
    focusNode(id);
  }
  search.addEventListener('input', showResults);
  search.addEventListener('keydown', function (ev) {
    if (ev.key === 'Enter') {
      var first = results.querySelector('li');
      if (first) choose(first.getAttribute('data-node'));
    } else if (ev.key === 'Escape') {
      results.textContent = '';
    }
  });
  search.addEventListener('blur', function () { results.textContent = ''; });

  // ---- level of detail for large graphs: drawing 10,000 labels and
  // 30,000 arrowheads and dashed lines costs seconds and shows nothing
  // readable when the whole graph is in view, so they are added to the
  // elements in view once the zoom makes them readable, and removed as
  // they leave it.
  var detailed = cy.collection();
  var detailTimer = 0;
  function updateDetail() {
    detailTimer = 0;
    var want = cy.collection();
    if (cy.zoom() >= 0.35) {
      var ext = cy.extent();
      var inView = cy.nodes().filter(function (n) {
        var p = n.position();
        return p.x >= ext.x1 && p.x <= ext.x2 && p.y >= ext.y1 && p.y <= ext.y2;
      });
      want = inView.union(inView.connectedEdges());
    }
    cy.batch(function () {
      detailed.difference(want).removeClass('detail');
      want.difference(detailed).addClass('detail');
    });
    detailed = want;
  }
  if (big) {
    cy.on('viewport', function () {
      if (!detailTimer) detailTimer = setTimeout(updateDetail, 120);
    });
  }

  // ---- ready
  window.ubpGraph = cy; // for scripts and tests
  if (data.center) {
    var c = cy.getElementById(data.center);
    if (!c.empty()) { c.select(); showDetails(data.center); }
  }
  setCounts();
  if (data.nodes.length === 0) panel.textContent = 'The graph is empty: no documents are indexed.';
  // A small graph fitted to the window would be drawn huge: cap the zoom.
  if (cy.zoom() > 1.25) { cy.zoom(1.25); cy.center(); }
  cy.one('render', function () { timings.rendered = performance.now(); document.body.dataset.ready = '1'; });
  if (data.nodes.length === 0) document.body.dataset.ready = '1'; // nothing to draw
})();
