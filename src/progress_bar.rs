//! `build2d mesh`'s progress display: one bar on standard error with the stage, the step
//! and its counts, drawn only when standard error is a terminal (nothing on a pipe).

use std::ops::ControlFlow;

use build2d::progress::{BuildControl, Progress};

/// A [`BuildControl`] that draws the reports; it never cancels (Ctrl-C ends the process).
pub struct ProgressDisplay {
    #[cfg(feature = "progress-bar")]
    bar: Option<indicatif::ProgressBar>,
}

impl ProgressDisplay {
    /// A bar on standard error if it is a terminal, else a control that draws nothing.
    pub fn on_stderr() -> Self {
        #[cfg(feature = "progress-bar")]
        {
            use std::io::IsTerminal;
            let bar = std::io::stderr().is_terminal().then(|| {
                let bar = indicatif::ProgressBar::with_draw_target(
                    None,
                    indicatif::ProgressDrawTarget::stderr_with_hz(10),
                );
                let style = indicatif::ProgressStyle::with_template(
                    "{elapsed:>4} {msg:<26} [{bar:30}] {human_pos}/{human_len}",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                .progress_chars("=> ");
                bar.set_style(style);
                bar
            });
            ProgressDisplay { bar }
        }
        #[cfg(not(feature = "progress-bar"))]
        ProgressDisplay {}
    }

    /// Removes the bar (before the summary is printed).
    pub fn finish(&self) {
        #[cfg(feature = "progress-bar")]
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl BuildControl for ProgressDisplay {
    fn report(&mut self, progress: &Progress) -> ControlFlow<()> {
        #[cfg(feature = "progress-bar")]
        if let Some(bar) = &self.bar {
            if progress.done == 0 {
                // A new step: reset the count before the length, so no stale n/total shows.
                bar.set_position(0);
                bar.set_length(progress.total);
                bar.set_message(format!("{}: {}", progress.stage, progress.step));
            } else {
                bar.set_position(progress.done);
            }
        }
        #[cfg(not(feature = "progress-bar"))]
        let _ = progress;
        ControlFlow::Continue(())
    }
}
