/**
 * The script of report.html. It runs after chart.js and the portable plugins
 * are registered, reads the two JSON blocks the page carries (the cases and
 * the chart configuration), draws the chart, and shows a case's details when
 * its table cell or one of its bars is clicked (or named in the URL's #hash).
 * It builds the details with textContent only, never from markup.
 */
export const PAGE_SCRIPT = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var config = JSON.parse(document.getElementById('effects-chart-config').textContent);
  var details = document.getElementById('case-details');

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function show(key) {
    var item = data.cases[key];
    if (!item) return;
    document.querySelectorAll('td.cell.selected').forEach(function (cell) { cell.classList.remove('selected'); });
    var cell = document.querySelector('td.cell[data-case="' + CSS.escape(key) + '"]');
    if (cell) cell.classList.add('selected');

    details.replaceChildren();
    details.classList.remove('empty');
    details.dataset.case = key;
    details.appendChild(element('h3', '', item.protocol + ' — crash at cut ' + item.cut.index + ' (' + item.cut.name + ')'));
    details.appendChild(element('p', 'meta', item.cut.meaning));
    var outcome = item.effects === null ? 'not judged: ' + item.error : 'N=' + item.effects + ' ' + item.word;
    if (item.expected !== null) outcome += ' (expected ' + item.expected + (item.expected === item.effects ? ')' : ', differs)');
    var outcomeLine = element('p', 'outcome kind-' + item.kind);
    outcomeLine.appendChild(element('span', 'word', outcome));
    details.appendChild(outcomeLine);

    var files = element('dl');
    item.files.forEach(function (pair) {
      files.appendChild(element('dt', '', pair[0]));
      var dd = element('dd');
      var link = element('a', '', pair[1]);
      link.href = pair[1];
      dd.appendChild(link);
      files.appendChild(dd);
    });
    files.appendChild(element('dt', '', 'inspect'));
    var inspect = element('dd');
    inspect.appendChild(element('code', '', item.inspect));
    files.appendChild(inspect);
    details.appendChild(files);

    if (item.view) {
      details.appendChild(element('h4', '', 'conversation (virtual day and time, conversation, who, what), read from the stores'));
      details.appendChild(element('pre', 'conversation', item.view.join('\n')));
    }

    details.appendChild(element('h4', '', 'timeline (virtual ms, worker, event)'));
    var timeline = element('pre', 'timeline');
    item.timeline.forEach(function (line) {
      timeline.appendChild(element('span', 'ev-' + line.type, line.text));
      timeline.appendChild(document.createTextNode('\n'));
    });
    details.appendChild(timeline);

    details.appendChild(element('h4', '', 'final local state (orchestrator.db)'));
    var state = Object.keys(item.localState).map(function (table) {
      var rows = item.localState[table];
      return table + ':' + (rows.length ? '' : ' (empty)') + rows.map(function (row) { return '\n  ' + JSON.stringify(row); }).join('');
    });
    details.appendChild(element('pre', 'state', state.join('\n')));
  }

  document.querySelectorAll('td.cell').forEach(function (cell) {
    cell.addEventListener('click', function () { show(cell.dataset.case); });
    cell.addEventListener('keydown', function (event) {
      if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); show(cell.dataset.case); }
    });
  });

  config.options.onClick = function (_event, elements) {
    var hit = elements[0];
    var key = hit && data.chartCases[hit.datasetIndex] && data.chartCases[hit.datasetIndex][hit.index];
    if (!key) return;
    show(key);
    details.scrollIntoView({ block: 'nearest' });
  };
  config.options.onHover = function (event, elements) {
    event.native.target.style.cursor = elements.length ? 'pointer' : 'default';
  };
  // Kept on window so a reviewer's console, and the browser test, can reach the chart.
  window.cutpointChart = new Chart(document.getElementById('effects-chart'), config);

  if (location.hash.length > 1) show(decodeURIComponent(location.hash.slice(1)));
})();
`;
