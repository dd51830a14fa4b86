// The portal demo's page in a tab of its own ("Open in a new tab" on /dashboard/demo). The reader's sandbox key and
// the flow come in the address's fragment, which no server and no Referer ever sees; they are kept for this tab
// only (sessionStorage, so a reload still runs) and taken out of the address bar at once, so the key does not stay
// in the history or on a shared screen. A script file rather than an inline one: the portal's CSP allows 'self'.
//
// Anyone can write such a link, with their own key in it: what the reader then types into the demo would go to the
// link's author. So the key runs only when it is one of the signed-in reader's own sandbox keys (their team's list
// from GET /api/keys, read with the portal's session); otherwise the page says so and offers the reader's own key.
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

  function link(href, text) {
    var a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    return a;
  }
  /** Replaces what the page shows with one paragraph of `parts` (text and elements). */
  function say(parts, role) {
    var text = document.createElement('p');
    if (role) text.setAttribute('role', role);
    text.append.apply(text, parts);
    container.replaceChildren(text);
    return text;
  }

  if (!saved || typeof saved.key !== 'string') {
    say(['This page runs the demo with your own sandbox key. Open it from the Demo page: ', link('/dashboard/demo', 'go to the Demo'), '.']);
    return;
  }

  function run(key) {
    container.replaceChildren();
    var intake = IntakeKit.init({container: '#intake', apiKey: key, flowId: saved.flow, env: 'sandbox'});
    intake.on('complete', function (event) {
      console.log('Answers', event.answers);
    });
  }

  /** The link's key is not the reader's: say so, and offer the reader's own sandbox key, or where to create one. */
  function refuse(own) {
    var notice = say(
      ['This demo link carries a sandbox key that is not one of yours, so the demo did not run it.'],
      'alert',
    );
    var next = document.createElement('p');
    if (own) {
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Run the demo with your own sandbox key';
      button.addEventListener('click', function () {
        saved.key = own;
        sessionStorage.setItem(STORE, JSON.stringify(saved));
        run(own);
      });
      next.append(button);
    } else {
      next.append('You have no sandbox key yet. ', link('/api-keys', 'Create a sandbox key'), ', then open the demo from the Demo page.');
    }
    notice.after(next);
  }

  var token = localStorage.getItem('token');
  if (!token) {
    say([
      'This page runs the demo with your own sandbox key. ',
      link('/login?next=' + encodeURIComponent('/dashboard/demo'), 'Sign in'),
      ', then open it from the Demo page.',
    ]);
    return;
  }

  var meta = document.querySelector('meta[name="intakekit-api-url"]');
  var api = (meta && meta.content) || 'http://localhost:8787';
  say(['Checking your sandbox key...'], 'status');
  fetch(api + '/api/keys', {headers: {authorization: 'Bearer ' + token}})
    .then(function (response) {
      // The same session handling as the portal's API client: a renewed token replaces the stored one, a 401 ends it.
      var renewed = response.headers.get('x-new-token');
      if (renewed) localStorage.setItem('token', renewed);
      if (response.status === 401) localStorage.removeItem('token');
      return response.json().then(
        function (body) {
          return {ok: response.ok, body: body};
        },
        function () {
          return {ok: false, body: null};
        },
      );
    })
    .then(
      function (answer) {
        if (!answer.ok || !answer.body || !Array.isArray(answer.body.keys)) {
          var message = answer.body && answer.body.error && answer.body.error.message;
          say([message || 'The demo could not check your sandbox key. Reload the page to try again.'], 'alert');
          return;
        }
        var sandbox = answer.body.keys.filter((k) => k.keyType === 'sandbox' && k.status === 'active');
        if (sandbox.some((k) => k.apiKey === saved.key)) {
          run(saved.key);
          return;
        }
        // As on the Demo page: a key in a rotation's grace period is on its way out, so its successor comes first.
        var own = sandbox.find((k) => k.graceEndsAt === null) || sandbox[0];
        refuse(own ? own.apiKey : null);
      },
      function () {
        say(['The demo could not reach IntakeKit to check your sandbox key. Reload the page to try again.'], 'alert');
      },
    );
})();
