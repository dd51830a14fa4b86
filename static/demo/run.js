// The portal demo's page in a tab of its own ("Open in a new tab" on /dashboard/demo). The reader's sandbox key and
// the flow come in the address's fragment, which no server and no Referer ever sees; they are kept for this tab
// only (sessionStorage, so a reload still runs) and taken out of the address bar at once, so the key does not stay
// in the history or on a shared screen. A script file rather than an inline one: the portal's CSP allows 'self'.
/* global IntakeKit */
(function () {
  var STORE = 'intakekit-demo-tab';
  var params = new URLSearchParams(window.location.hash.slice(1));
  if (params.get('key')) {
    sessionStorage.setItem(STORE, JSON.stringify({key: params.get('key'), flow: params.get('flow') || 'new-patient'}));
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  var saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(STORE) || 'null');
  } catch {
    saved = null;
  }
  var container = document.getElementById('intake');
  if (!saved || typeof saved.key !== 'string') {
    var text = document.createElement('p');
    text.textContent = 'This page runs the demo with your own sandbox key. Open it from the Demo page: ';
    var link = document.createElement('a');
    link.href = '/dashboard/demo';
    link.textContent = 'go to the Demo';
    text.append(link, '.');
    container.append(text);
    return;
  }
  var intake = IntakeKit.init({container: '#intake', apiKey: saved.key, flowId: saved.flow, env: 'sandbox'});
  intake.on('complete', function (event) {
    console.log('Answers', event.answers);
  });
})();
