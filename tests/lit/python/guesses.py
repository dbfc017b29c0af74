# Guesses by name (docs/python.md, "Guesses by name"): each can be turned off with
# HOSTSYNC_PYTHON_GUESSES, and then the name decides nothing; the result cache keeps the runs
# apart; an unknown id is a usage error.
# RUN: %lint --no-cache %s > %t.on; test $? -eq 1
# RUN: FileCheck %s --check-prefix=ON --implicit-check-not='warning:' < %t.on
# RUN: %count-findings %t.on | FileCheck %s --check-prefix=ON-COUNT
# ON-COUNT: {{^}}2{{$}}
# RUN: env HOSTSYNC_PYTHON_GUESSES=-scaler-name %lint --no-cache %s > %t.off; test $? -eq 1
# RUN: FileCheck %s --check-prefix=OFF --implicit-check-not='warning:' < %t.off
# RUN: %count-findings %t.off | FileCheck %s --check-prefix=OFF-COUNT
# OFF-COUNT: {{^}}1{{$}}
# RUN: rm -rf %t.cache && %lint --cache-dir=%t.cache %s > /dev/null; test $? -eq 1
# RUN: env HOSTSYNC_PYTHON_GUESSES=-scaler-name %lint --cache-dir=%t.cache %s > %t.cached; test $? -eq 1
# RUN: %count-findings %t.cached | FileCheck %s --check-prefix=OFF-COUNT
# RUN: %expect-exit 2 env HOSTSYNC_PYTHON_GUESSES=-scaler-name,-nope %lint --no-cache %s 2> %t.err
# RUN: FileCheck %s --check-prefix=UNKNOWN < %t.err
# UNKNOWN: hostsync-lint: error: HOSTSYNC_PYTHON_GUESSES: no guess named 'nope' (the guesses: cuda-flag-name network-name count-name loss-name optimizer-name scaler-name meter-name loader-name transform-name type-name)


def train(model, batches, optimizer, init_scaler):
    scaler = init_scaler()
    for x in batches:
        loss = model(x.cuda()).sum()
        # ON: guesses.py:[[@LINE-1]]:24: warning: 'cuda' of a value that may be a host tensor{{.*}}[hostsync-host-to-device-copy]
        # OFF: guesses.py:[[@LINE-2]]:24: warning: 'cuda' of a value that may be a host tensor{{.*}}[hostsync-host-to-device-copy]
        scaler.scale(loss).backward()
        # A scaler no call in view builds: a GradScaler by its name (scaler-name).
        scaler.step(optimizer)
        # ON: guesses.py:[[@LINE-1]]:16: warning: 'GradScaler.step' reads whether the gradients hold an inf or a NaN{{.*}}[hostsync-item]
        scaler.update()
